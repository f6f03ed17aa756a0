import { useSearchParams } from 'react-router';
import { href } from '../../../app/paths';
import { LiveSermonsScreen } from './live-sermons-screen';

/** `/joinlive?churchId=&userId=`: the mobile app's list of live sermons, without admin chrome. */
export function JoinLiveMobilePage() {
  const [params] = useSearchParams();
  const churchId = params.get('churchId') ?? '';
  return <LiveSermonsScreen key={churchId} churchId={churchId} sermonHref={href.sermonJoin} />;
}

export { JoinLiveMobilePage as Component };

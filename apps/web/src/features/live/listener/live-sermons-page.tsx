import { useSearchParams } from 'react-router';
import { href } from '../../../config/paths';
import { LiveSermonsScreen } from './live-sermons-screen';

/** `/live-sermon-translator?churchId=`: join screen inside the admin layout (the guard supplies churchId). */
export function LiveSermonsPage() {
  const [params] = useSearchParams();
  const churchId = params.get('churchId') ?? '';
  return <LiveSermonsScreen key={churchId} churchId={churchId} sermonHref={href.join} />;
}

export { LiveSermonsPage as Component };

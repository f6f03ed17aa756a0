import { href } from '../../../config/paths';
import { LiveSermonsScreen } from './live-sermons-screen';

/**
 * `/joinlive?churchId=&userId=`: the mobile app's list of live sermons, without admin chrome. Takes
 * its query as props: the listener entry (app/listener-app.tsx) has no router.
 */
export function JoinLiveMobilePage({ churchId }: { churchId: string }) {
  return <LiveSermonsScreen key={churchId} churchId={churchId} sermonHref={href.sermonJoin} />;
}

import { href } from '../../../config/paths';
import { readStoredUser } from '../../../lib/stored-user';
import { ListenerScreen } from './listener-screen';

/**
 * `/sermon/join/:broadcastId?churchId=`: the share link's live view on phones, for members and (where
 * the church allows) guests. Kept light: it is what a whole congregation opens at once. Takes its
 * path and query as props: the listener entry (app/listener-app.tsx) has no router.
 */
export function SermonJoinPage({ broadcastId, churchId }: { broadcastId: string; churchId: string | null }) {
  const { userId } = readStoredUser();
  // Guests have no list to go back to; signed-in people get the church's live sermons.
  const listHref = churchId && userId ? href.joinLiveMobile(churchId, userId) : null;
  return <ListenerScreen key={broadcastId} broadcastId={broadcastId} listHref={listHref} />;
}

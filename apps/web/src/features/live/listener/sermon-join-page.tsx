import { useParams, useSearchParams } from 'react-router';
import { href } from '../../../app/paths';
import { readStoredUser } from '../../../lib/stored-user';
import { ListenerScreen } from './listener-screen';

/**
 * `/sermon/join/:broadcastId?churchId=`: the share link's live view on phones, for members and (where
 * the church allows) guests. Kept light: it is what a whole congregation opens at once.
 */
export function SermonJoinPage() {
  const { broadcastId = '' } = useParams();
  const [params] = useSearchParams();
  const churchId = params.get('churchId');
  const { userId } = readStoredUser();
  // Guests have no list to go back to; signed-in people get the church's live sermons.
  const listHref = churchId && userId ? href.joinLiveMobile(churchId, userId) : null;
  return <ListenerScreen key={broadcastId} broadcastId={broadcastId} listHref={listHref} />;
}

export { SermonJoinPage as Component };

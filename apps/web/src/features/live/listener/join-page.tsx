import { useParams, useSearchParams } from 'react-router';
import { href } from '../../../app/paths';
import { ListenerScreen } from './listener-screen';

/** `/join/:broadcastId?churchId=`: the live view inside the admin layout. */
export function JoinPage() {
  const { broadcastId = '' } = useParams();
  const [params] = useSearchParams();
  const churchId = params.get('churchId');
  return <ListenerScreen key={broadcastId} broadcastId={broadcastId} listHref={churchId ? href.liveSermons(churchId) : null} />;
}

export { JoinPage as Component };

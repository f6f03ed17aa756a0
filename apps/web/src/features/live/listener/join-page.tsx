import { useParams, useSearchParams } from 'react-router';
import { href } from '../../../config/paths';
import { ListenerScreen } from './listener-screen';

/** The admin shell's header, its padding above and below, and the breadcrumb bar. */
const ADMIN_CHROME = 'var(--app-shell-header-offset, 64px) + 2 * var(--mantine-spacing-md) + 48px';

/** `/join/:broadcastId?churchId=`: the live view inside the admin layout. */
export function JoinPage() {
  const { broadcastId = '' } = useParams();
  const [params] = useSearchParams();
  const churchId = params.get('churchId');
  return (
    <ListenerScreen
      key={broadcastId}
      broadcastId={broadcastId}
      listHref={churchId ? href.liveSermons(churchId) : null}
      chrome={ADMIN_CHROME}
    />
  );
}

export { JoinPage as Component };

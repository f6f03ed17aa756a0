import { useParams, useSearchParams } from 'react-router';
import { SermonJoinPage } from '../../features/live/listener/sermon-join-page';

// The listener pages inside the main app's router serve navigation within the app and the dev
// server; a page load gets the listener entry instead (app/listener-app.tsx).

export function SermonJoinRoute() {
  const { broadcastId = '' } = useParams();
  const [params] = useSearchParams();
  return <SermonJoinPage broadcastId={broadcastId} churchId={params.get('churchId')} />;
}

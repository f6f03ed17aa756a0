import { useSearchParams } from 'react-router';
import { JoinLiveMobilePage } from '../../features/live/listener/join-live-mobile-page';

// The listener pages inside the main app's router serve navigation within the app and the dev
// server; a page load gets the listener entry instead (app/listener-app.tsx).

export function JoinLiveMobileRoute() {
  const [params] = useSearchParams();
  return <JoinLiveMobilePage churchId={params.get('churchId') ?? ''} />;
}

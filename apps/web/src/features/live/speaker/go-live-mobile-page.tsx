import { useSearchParams } from 'react-router';
import { GoLiveScreen } from './go-live-screen';

/**
 * `/golive?userId=&churchId=`: the same speaker screen for the mobile app, without admin chrome
 * (the route's guard has already checked both query parameters).
 */
export function GoLiveMobilePage() {
  const [params] = useSearchParams();
  const churchId = params.get('churchId') ?? '';
  return <GoLiveScreen key={churchId} churchId={churchId} />;
}

export { GoLiveMobilePage as Component };

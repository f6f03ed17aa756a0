import { useSearchParams } from 'react-router';
import { UiOverlays } from '../../../components/ui-overlays';
import { GoLiveScreen } from './go-live-screen';

/**
 * `/golive?userId=&churchId=`: the same speaker screen for the mobile app, without admin chrome
 * (the route's guard has already checked both query parameters).
 */
export function GoLiveMobilePage() {
  const [params] = useSearchParams();
  const churchId = params.get('churchId') ?? '';
  return (
    <UiOverlays>
      <GoLiveScreen key={churchId} churchId={churchId} />
    </UiOverlays>
  );
}

export { GoLiveMobilePage as Component };

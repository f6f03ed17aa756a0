import { Outlet } from 'react-router';
import { MobileFrame } from './mobile-frame';

/** Mobile screens in the router; the listener entry uses the frame alone (app/listener-app.tsx). */
export function MobileLayout() {
  return (
    <MobileFrame>
      <Outlet />
    </MobileFrame>
  );
}

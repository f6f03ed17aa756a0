import { createContext, lazy, Suspense, useContext, useEffect, type ReactNode } from 'react';

// Notifications and confirmation dialogs are opened through Mantine's imperative APIs
// (`notifications.show`, `modals.openConfirmModal`), so their hosts need not be mounted at the root.
// Loading them lazily, only in the frames that use them, keeps them off a listener's phone.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: () => <m.Notifications position="top-right" /> })),
);

let markModalsReady: () => void = () => undefined;
/**
 * Settles once the dialogs' host listens. `modals.openConfirmModal` is a window event: sent before
 * the lazy host has loaded (a slow phone, a click straight after the page appears) it would be lost
 * and the button would seem to do nothing.
 */
export const modalsReady = new Promise<void>((resolve) => {
  markModalsReady = resolve;
});
const ModalsHost = lazy(() =>
  import('@mantine/modals').then((m) => ({
    default: function ModalsHost() {
      // The provider's own listeners are set in its effects, which run before this one.
      useEffect(() => markModalsReady(), []);
      return <m.ModalsProvider />;
    },
  })),
);

const HostsMounted = createContext(false);

/** Wraps a frame that shows toasts or confirmation dialogs; an inner frame reuses the outer hosts. */
export function UiOverlays({ children }: { children: ReactNode }) {
  const alreadyMounted = useContext(HostsMounted);
  if (alreadyMounted) return children;
  return (
    <HostsMounted.Provider value={true}>
      {/* A boundary each: under Preact (decision 029) two lazy hosts suspending under one boundary
          left the later one re-rendering detached, an uncaught error on every page. */}
      <Suspense fallback={null}>
        <Notifications />
      </Suspense>
      <Suspense fallback={null}>
        <ModalsHost />
      </Suspense>
      {children}
    </HostsMounted.Provider>
  );
}

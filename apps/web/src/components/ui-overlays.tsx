import { createContext, lazy, Suspense, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { notificationsStore } from '@mantine/notifications';

// Notifications and confirmation dialogs are opened through Mantine's imperative APIs
// (`notifications.show`, `dialogs` over `modals.open…`), so their hosts need not be mounted at the
// root, nor before the first toast or dialog: each loads the first time one is wanted, which keeps
// them (about 18 KB) off a page that never shows one (decision 029).
const Notifications = lazy(() => import('./overlay-hosts').then((m) => ({ default: m.NotificationsHost })));

let markModalsReady: () => void = () => undefined;
/**
 * Settles once the dialogs' host listens. `modals.openConfirmModal` is a window event: sent before
 * the lazy host has loaded (a slow phone, a click straight after the page appears) it would be lost
 * and the button would seem to do nothing.
 */
export const modalsReady = new Promise<void>((resolve) => {
  markModalsReady = resolve;
});
const ModalsHost = lazy(() => import('./overlay-hosts').then((m) => ({ default: () => <m.ModalsHost onReady={markModalsReady} /> })));

/** Which hosts have been wanted so far; once wanted, a host stays. */
const noHosts = { notifications: false, modals: false };
let wanted = noHosts;
const listeners = new Set<() => void>();
function want(host: keyof typeof wanted) {
  if (wanted[host]) return;
  wanted = { ...wanted, [host]: true };
  listeners.forEach((listener) => listener());
}
const hasToasts = () => notificationsStore.getState().notifications.length + notificationsStore.getState().queue.length > 0;
if (hasToasts()) want('notifications');
notificationsStore.subscribe(() => hasToasts() && want('notifications'));

/** Loads the dialogs' host; `dialogs` (dialogs.ts) asks before opening one and waits for `modalsReady`. */
export function requestModalsHost() {
  want('modals');
}

function useWantedHosts() {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => wanted,
    // A prerendered page (decision 031) shows neither host.
    () => noHosts,
  );
}

const HostsMounted = createContext(false);

/** Wraps a frame that shows toasts or confirmation dialogs; an inner frame reuses the outer hosts. */
export function UiOverlays({ children }: { children: ReactNode }) {
  const alreadyMounted = useContext(HostsMounted);
  const hosts = useWantedHosts();
  if (alreadyMounted) return children;
  return (
    <HostsMounted.Provider value={true}>
      {/* A boundary each: either host loading never holds back the other, nor the page. */}
      <Suspense fallback={null}>{hosts.notifications && <Notifications />}</Suspense>
      <Suspense fallback={null}>{hosts.modals && <ModalsHost />}</Suspense>
      {children}
    </HostsMounted.Provider>
  );
}

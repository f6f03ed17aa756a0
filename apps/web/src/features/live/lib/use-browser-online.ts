import { useSyncExternalStore } from 'react';

/**
 * Some browsers miss an `offline` event (a phone leaving Wi-Fi for no signal); reading
 * `navigator.onLine` every second as well keeps "Offline" within 2 s (decision 008).
 */
const POLL_MS = 1000;

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const timer = window.setInterval(onChange, POLL_MS);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    window.clearInterval(timer);
  };
}

/** Whether the browser believes it has a network. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

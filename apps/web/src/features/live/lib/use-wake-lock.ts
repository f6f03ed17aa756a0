import { useEffect, useState } from 'react';

export type WakeLockStatus = 'idle' | 'active' | 'unsupported' | 'failed';

/**
 * Keeps the screen on while `enabled` (a phone that sleeps stops the microphone and the captions).
 * The browser drops the lock whenever the page is hidden, so it is taken again on `visibilitychange`.
 * Where the API does not exist the status says so; the session carries on (spec section 8: a warning).
 */
export function useWakeLock(enabled: boolean): WakeLockStatus {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  const [status, setStatus] = useState<WakeLockStatus>(supported ? 'idle' : 'unsupported');

  useEffect(() => {
    if (!enabled || !supported) return;
    let sentinel: WakeLockSentinel | null = null;
    let cancelled = false;

    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (cancelled) {
          void lock.release();
          return;
        }
        sentinel = lock;
        setStatus('active');
      } catch {
        // Refused (battery saver, an iframe without permission): the session still works.
        if (!cancelled) setStatus('failed');
      }
    };
    const onVisibility = () => void acquire();

    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisibility);
      if (sentinel && !sentinel.released) void sentinel.release();
      setStatus('idle');
    };
  }, [enabled, supported]);

  return status;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { shouldRetry } from './api-client';

/** What `useRequest` gives back: the shape of a TanStack Query result, so screens read it the same way. */
export type RequestState<T> = (
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: true; data: T | undefined; error: Error }
  | { isPending: false; isError: false; data: T; error: null }
) & { isFetching: boolean; refetch: () => Promise<void> };

type Settled<T> = { key: string; hasData: boolean; data?: T; error?: Error };

/** TanStack Query's default back-off between attempts. */
const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * One GET for the listener pages, which load without TanStack Query (docs/decisions/018): fetched
 * when `key` changes, retried like the app's queries (lib/query-client.ts), optionally polled while
 * the page is visible and refreshed when it shows again. No cache: each screen asks for its own data.
 */
export function useRequest<T>(
  key: string,
  fetcher: () => Promise<T>,
  { enabled = true, pollMs }: { enabled?: boolean; pollMs?: number } = {},
): RequestState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [fetching, setFetching] = useState(0);
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  // Answers to an earlier key or an older run are dropped.
  const run = useRef(0);

  const load = useCallback(async () => {
    const id = ++run.current;
    setFetching((n) => n + 1);
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await fetcherRef.current();
          if (id === run.current) setSettled({ key, hasData: true, data });
          return;
        } catch (err) {
          const error = err instanceof Error ? err : new Error(String(err));
          if (!shouldRetry(attempt, error) || id !== run.current) {
            // Like TanStack Query, a failed refresh keeps the data it had.
            if (id === run.current) setSettled((prev) => (prev?.key === key ? { ...prev, error } : { key, hasData: false, error }));
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
        }
      }
    } finally {
      setFetching((n) => n - 1);
    }
  }, [key]);

  // Leaving (or another key) drops the answer still on its way.
  const dropPending = useCallback(() => {
    run.current++;
  }, []);

  useEffect(() => {
    if (!enabled) return;
    void load();
    return dropPending;
  }, [enabled, load, dropPending]);

  useEffect(() => {
    if (!enabled || !pollMs) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, pollMs);
    const handleVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', handleVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', handleVisible);
    };
  }, [enabled, pollMs, load]);

  const common = { isFetching: fetching > 0, refetch: load };
  const current = settled?.key === key ? settled : null;
  if (current?.error) return { ...common, isPending: false, isError: true, data: current.data, error: current.error };
  if (current?.hasData) return { ...common, isPending: false, isError: false, data: current.data as T, error: null };
  return { ...common, isPending: true, isError: false, data: undefined, error: null };
}

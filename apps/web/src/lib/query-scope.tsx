import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * Lets a lazily loaded part that uses TanStack Query run where no provider is mounted: the listener
 * entry does without it (docs/decisions/018), so its dialogs bring the app's client with them.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const client = useContext(QueryClientContext);
  return client ? children : <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

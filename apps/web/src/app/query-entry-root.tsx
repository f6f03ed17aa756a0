import { StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { PageLoader } from '../components/page-loader';
import { queryClient } from '../lib/query-client';
import { ThemeProvider } from './theme-provider';

/**
 * Mounts a lean entry whose pages read the API through TanStack Query (signed-out.html and
 * dashboard.html, decision 029), with the providers the main app gives them. The listener entry has
 * no query client, so it mounts itself (docs/decisions/018).
 */
export function renderQueryEntry(app: ReactNode) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<PageLoader />}>{app}</Suspense>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
}

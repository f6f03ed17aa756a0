import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { DashboardApp } from './app/dashboard-entry/dashboard-app';
import { ThemeProvider } from './app/theme-provider';
import { PageLoader } from './components/page-loader';
import { queryClient } from './lib/query-client';

// The dashboard's entry (dashboard.html): the first page after signing in, in the signed-in shell,
// without React Router (decision 029).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageLoader />}>
          <DashboardApp />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);

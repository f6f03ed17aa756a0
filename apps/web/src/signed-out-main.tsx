import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { SignedOutApp } from './app/signed-out/signed-out-app';
import { ThemeProvider } from './app/theme-provider';
import { PageLoader } from './components/page-loader';
import { queryClient } from './lib/query-client';

// The signed-out entry (signed-out.html): sign-in, sign-up and the password pages, the first page
// every phone opens, without React Router or the signed-in shell (decision 029).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageLoader />}>
          <SignedOutApp />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);

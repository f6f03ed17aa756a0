import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './i18n';
import { ListenerApp } from './app/listener-app';
import { ThemeProvider } from './app/theme-provider';
import { PageLoader } from './components/page-loader';

// The listener entry (listen.html): `/joinlive` and `/sermon/join/:broadcastId` only, without React
// Router or TanStack Query, so what a whole congregation downloads at once stays small
// (docs/decisions/018). Dialogs that need a query client bring one (lib/query-scope.tsx).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <Suspense fallback={<PageLoader />}>
        <ListenerApp />
      </Suspense>
    </ThemeProvider>
  </StrictMode>,
);

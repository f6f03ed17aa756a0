import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './app/listener-styles';
import './i18n';
import { ListenerApp } from './app/listener-app';
import { renderApp } from './app/prerendered-root';
import { ThemeProvider } from './app/theme-provider';
import { PageLoader } from './components/page-loader';

// The listener entry (listen.html): `/joinlive` and `/sermon/join/:broadcastId` only, without React
// Router or TanStack Query, so what a whole congregation downloads at once stays small
// (docs/decisions/018). Dialogs that need a query client bring one (lib/query-scope.tsx).
const container = document.getElementById('root')!;
renderApp(
  createRoot(container),
  container,
  <StrictMode>
    <ThemeProvider>
      <Suspense fallback={<PageLoader />}>
        <ListenerApp />
      </Suspense>
    </ThemeProvider>
  </StrictMode>,
);

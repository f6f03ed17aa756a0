import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { i18nReady } from './i18n';
import { AppProviders } from './app/providers';
import { renderApp, routerReady } from './app/prerendered-root';
import { router } from './app/router';
import { PageLoader } from './components/page-loader';

const container = document.getElementById('root')!;
renderApp(
  createRoot(container),
  container,
  <StrictMode>
    <AppProviders>
      <Suspense fallback={<PageLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  </StrictMode>,
  Promise.all([routerReady(router), i18nReady]),
  <StrictMode>
    <AppProviders>
      <PageLoader />
    </AppProviders>
  </StrictMode>,
);

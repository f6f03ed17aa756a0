import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Center, Loader } from '@mantine/core';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { AppProviders } from './app/providers';
import { router } from './app/router';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <Suspense fallback={<Center h="100dvh"><Loader aria-label="Loading" /></Center>}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  </StrictMode>,
);

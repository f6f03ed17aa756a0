import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import en from '../i18n/locales/en.json';
import { interpolationOptions, numberFormatter } from '../i18n/number-format';
import { UiOverlays } from '../components/ui-overlays';

/** A JSON answer as the API gives it (problem+json for failures). */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type, ...headers } });
}

/** Renders routes the way the app does (Mantine, Query, modals, English), starting at `path`. */
export async function renderScreen(routes: RouteObject[], path: string, wrap?: (node: ReactNode) => ReactNode) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).use(numberFormatter((l) => l)).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: interpolationOptions,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const tree = (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <UiOverlays>
            <RouterProvider router={router} />
          </UiOverlays>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
  const view = render(wrap ? wrap(tree) : tree);
  return { ...view, router, queryClient, i18n };
}

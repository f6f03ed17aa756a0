import { renderToString } from 'react-dom/server';
import { createInstance, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { interfaceLanguages, storageKeys, userTypeByRole, type InterfaceLanguage, type Role } from '@app/shared';
import { AdminLayout } from '../app/layouts/admin-layout';
import { ThemeProvider } from '../app/theme-provider';
import { TranslatedDefaults } from '../app/translated-defaults';
import { SignInPage } from '../features/auth/sign-in-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import en from '../i18n/locales/en.json';
import es from '../i18n/locales/es.json';
import id from '../i18n/locales/id.json';
import pt from '../i18n/locales/pt.json';
import zh from '../i18n/locales/zh.json';
import { interpolationOptions, numberFormatter } from '../i18n/number-format';

// Built for Node (vite.prerender.config.ts) and run once after the web build (scripts/first-pages.mjs):
// the first screens of the sign-in page and of the dashboard (per role, the person's name left as a
// slot the server fills, without the figures, which the live page brings) as static HTML, one per interface language, which the
// server sends so that the page paints before its JavaScript has arrived (decision 031). The pages
// are the app's own components, with the providers main.tsx gives them; main.tsx replaces this
// markup with the live page in one commit once the router and the text are ready.

const locales: Record<InterfaceLanguage, Resource[string]['translation']> = { en, es, id, pt, zh };

export const prerenderLanguages = interfaceLanguages;

export { startAfterPaintScript } from '@app/shared';

async function textIn(language: InterfaceLanguage) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).use(numberFormatter((l) => l)).init({
    lng: language,
    fallbackLng: 'en',
    resources: { [language]: { translation: locales[language] }, en: { translation: locales.en } },
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: interpolationOptions,
    returnNull: false,
    react: { useSuspense: false },
  });
  return i18n;
}

/** What the app's own title for the page is, and its markup, in `language`. */
export async function renderSignIn(language: InterfaceLanguage): Promise<{ title: string; html: string }> {
  const i18n = await textIn(language);
  const html = renderToString(
    <ThemeProvider>
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <TranslatedDefaults>
            <MemoryRouter initialEntries={['/']}>
              <SignInPage />
            </MemoryRouter>
          </TranslatedDefaults>
        </I18nextProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { title: `${i18n.t('auth.signIn.title')} · ${i18n.t('common.appName')}`, html };
}

/** Where the person's names go: the server puts the session's in their place (apps/server/src/lib/web-app.ts). */
export const nameSlots = { firstName: '__FIRST_NAME__', lastName: '__LAST_NAME__' };

/** The browser storage the shell reads, as the sign-in form leaves it for `role`, the names as slots. */
function storageFor(role: Role): Storage {
  const values: Record<string, string> = {
    [storageKeys.userType]: userTypeByRole[role],
    [storageKeys.userEmail]: ' ',
    [storageKeys.firstName]: nameSlots.firstName,
    [storageKeys.lastName]: nameSlots.lastName,
  };
  if (role !== 'platform_admin') values[storageKeys.churchId] = 'church';
  return {
    length: 0,
    clear() {},
    key: () => null,
    getItem: (key: string) => values[key] ?? null,
    setItem() {},
    removeItem() {},
  };
}

export const prerenderRoles: Role[] = ['member', 'staff', 'church_admin', 'platform_admin'];

/** The dashboard in the signed-in shell for `role`, in `language`, as it shows before its figures load, names as slots. */
export async function renderDashboard(language: InterfaceLanguage, role: Role): Promise<{ title: string; html: string }> {
  const i18n = await textIn(language);
  const storage = storageFor(role);
  Object.assign(globalThis, { localStorage: storage, sessionStorage: storage });
  const html = renderToString(
    <ThemeProvider>
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/dashboard']}>
            <Routes>
              <Route element={<AdminLayout />}>
                <Route path="/dashboard" element={<DashboardPage />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { title: `${i18n.t('nav.dashboard')} · ${i18n.t('common.appName')}`, html };
}

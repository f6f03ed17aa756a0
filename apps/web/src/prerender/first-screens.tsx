import { renderToString } from 'react-dom/server';
import { createInstance, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { interfaceLanguages, type InterfaceLanguage } from '@app/shared';
import { ThemeProvider } from '../app/theme-provider';
import { SignInPage } from '../features/auth/sign-in-page';
import en from '../i18n/locales/en.json';
import es from '../i18n/locales/es.json';
import id from '../i18n/locales/id.json';
import pt from '../i18n/locales/pt.json';
import zh from '../i18n/locales/zh.json';

// Built for Node (vite.prerender.config.ts) and run once after the web build (scripts/prerender.mjs):
// the sign-in page's first screen as static HTML, one per interface language, which the server sends
// for `/` so that the page paints before its JavaScript has arrived (decision 031). The page is
// the app's own component, with the providers main.tsx gives it; main.tsx replaces this markup with
// the live page in one commit once the router has what the page needs.

const locales: Record<InterfaceLanguage, Resource[string]['translation']> = { en, es, id, pt, zh };

export const prerenderLanguages = interfaceLanguages;

/** What the app's own title for the page is, and its markup, in `language`. */
export async function renderSignIn(language: InterfaceLanguage): Promise<{ title: string; html: string }> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { [language]: { translation: locales[language] }, en: { translation: locales.en } },
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  const html = renderToString(
    <ThemeProvider>
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/']}>
            <SignInPage />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { title: `${i18n.t('auth.signIn.title')} · ${i18n.t('common.appName')}`, html };
}

import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { interfaceLanguages, matchListenerPage, storageKeys, type InterfaceLanguage } from '@app/shared';
import { mergeSections } from './locale-sections';

type Resources = Parameters<typeof mergeSections>[0];

// Locales load on demand so a phone only downloads the language it shows; each file comes in two
// parts (locale-sections.ts) so the listener pages fetch only their own text.
const listenerParts = import.meta.glob<Resources>('./locales/*.json', { query: '?sections=listener', import: 'default' });
const otherParts = import.meta.glob<Resources>('./locales/*.json', { query: '?sections=other', import: 'default' });

const onListenerPage = typeof window !== 'undefined' && matchListenerPage(window.location.pathname) !== null;
let otherText: Promise<null> | null = onListenerPage ? null : Promise.resolve(null);

async function loadLocale(language: string): Promise<Resources> {
  const file = `./locales/${language}.json`;
  const [listener, other] = [listenerParts[file], otherParts[file]];
  if (!listener || !other) throw new Error(`No locale ${language}`);
  const parts = await Promise.all([listener(), otherText ? other() : {}]);
  return mergeSections(structuredClone(parts[0]), parts[1]);
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadLocale(language)
      .then((resources) => callback(null, resources))
      .catch((err: Error) => callback(err, null));
  },
};

/**
 * The text of every other screen, for a visit that began on a listener page; the router waits for it
 * before showing any other screen (app/router.tsx). Later language changes load whole locales.
 */
export function loadAllTranslations(): Promise<null> {
  otherText ??= i18nReady.then(async () => {
    await Promise.all(
      Object.keys(i18n.store.data).map(async (language) => {
        const other = await otherParts[`./locales/${language}.json`]?.();
        if (other) i18n.addResourceBundle(language, 'translation', other, true, true);
      }),
    );
    return null;
  });
  return otherText;
}

function cookiesAvailable(): boolean {
  try {
    return typeof navigator !== 'undefined' && navigator.cookieEnabled;
  } catch {
    return false;
  }
}

/** The interface language a detected or chosen code stands for ('zh-CN' → 'zh', 'fr' → 'en'). */
export function toInterfaceLanguage(lng: string | undefined): InterfaceLanguage {
  const base = (lng ?? '').split('-')[0]?.toLowerCase() ?? '';
  return (interfaceLanguages as readonly string[]).includes(base) ? (base as InterfaceLanguage) : 'en';
}

// Registered before init so the first detected language already sets <html lang>.
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = toInterfaceLanguage(lng);
});

/** Detection order and keys of spec sections 4 and 9; fallback English so no raw key is shown. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...interfaceLanguages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    ns: ['translation'],
    defaultNS: 'translation',
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      // The cookie is dropped from the order when cookies are unavailable (spec section 4).
      order: ['querystring', ...(cookiesAvailable() ? ['cookie'] : []), 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: storageKeys.language,
      lookupSessionStorage: storageKeys.language,
      caches: ['localStorage'],
    },
    react: { useSuspense: true },
  });

export { i18n };

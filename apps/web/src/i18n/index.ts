import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { interfaceLanguages, storageKeys, type InterfaceLanguage } from '@app/shared';

// Locales load on demand so a phone only downloads the language it shows.
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    import(`./locales/${language}.json`)
      .then((mod: { default: Record<string, unknown> }) => callback(null, mod.default))
      .catch((err: Error) => callback(err, null));
  },
};

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

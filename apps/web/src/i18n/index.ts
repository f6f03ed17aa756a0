import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { interfaceLanguages, isDashboardPage, matchListenerPage, matchSignedOutPage, storageKeys } from '@app/shared';
import { mergeSections } from './locale-sections';
import { formattingLocale, toInterfaceLanguage } from './interface-language';
import { interpolationOptions, numberFormatter } from './number-format';

export { toInterfaceLanguage };

type Resources = Parameters<typeof mergeSections>[0];

// Locales load on demand so a phone only downloads the language it shows; each file comes in four
// parts (locale-sections.ts) so the listener pages fetch only their own text, the signed-out pages
// theirs and the listener's, and the dashboard those and the shell's (decision 029).
const listenerParts = import.meta.glob<Resources>('./locales/*.json', { query: '?sections=listener', import: 'default' });
const signedOutParts = import.meta.glob<Resources>('./locales/*.json', { query: '?sections=signedOut', import: 'default' });
const signedInParts = import.meta.glob<Resources>('./locales/*.json', { query: '?sections=signedIn', import: 'default' });
const otherParts = import.meta.glob<Resources>('./locales/*.json', { query: '?sections=other', import: 'default' });

const firstPath = typeof window !== 'undefined' ? window.location.pathname : '';
const firstPage = matchListenerPage(firstPath) !== null ? 'listener' : matchSignedOutPage(firstPath) !== null ? 'signedOut' : isDashboardPage(firstPath) ? 'dashboard' : 'any';
// Set once a part is wanted: every language loaded from then on includes it.
let signedOutText: Promise<null> | null = firstPage === 'listener' ? null : Promise.resolve(null);
let signedInText: Promise<null> | null = firstPage === 'dashboard' || firstPage === 'any' ? Promise.resolve(null) : null;
let otherText: Promise<null> | null = firstPage === 'any' ? Promise.resolve(null) : null;

async function loadLocale(language: string): Promise<Resources> {
  const file = `./locales/${language}.json`;
  const loaders = [listenerParts[file], signedOutParts[file], signedInParts[file], otherParts[file]];
  if (loaders.some((load) => !load)) throw new Error(`No locale ${language}`);
  const wanted = [true, signedOutText, signedInText, otherText];
  const parts = await Promise.all(loaders.map((load, i) => (wanted[i] ? load!() : {})));
  // Cloned: merging must not change the parts, which later loads of this language merge again.
  return parts.reduce((all, part) => mergeSections(all, structuredClone(part)), {});
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

/** Adds `part` of every loaded language (the languages loaded later include it anyway). */
function addPart(part: typeof otherParts): Promise<null> {
  return i18nReady.then(async () => {
    await Promise.all(
      Object.keys(i18n.store.data).map(async (language) => {
        const text = await part[`./locales/${language}.json`]?.();
        if (text) i18n.addResourceBundle(language, 'translation', text, true, true);
      }),
    );
    return null;
  });
}

/** The signed-out pages' text, for a visit that began on a listener page (app/router.tsx waits for it). */
export function loadSignedOutTranslations(): Promise<null> {
  signedOutText ??= addPart(signedOutParts);
  return signedOutText;
}

/** The signed-in shell's and the dashboard's text (app/router.tsx waits for it before the shell). */
export function loadSignedInTranslations(): Promise<null> {
  signedInText ??= addPart(signedInParts);
  return Promise.all([loadSignedOutTranslations(), signedInText]).then(() => null);
}

/**
 * The text of every other screen, for a visit that began on a listener, signed-out or dashboard
 * page; the router waits for it before showing any other screen (app/router.tsx). Later language
 * changes load whole locales.
 */
export function loadAllTranslations(): Promise<null> {
  otherText ??= addPart(otherParts);
  return Promise.all([loadSignedInTranslations(), otherText]).then(() => null);
}

function cookiesAvailable(): boolean {
  try {
    return typeof navigator !== 'undefined' && navigator.cookieEnabled;
  } catch {
    return false;
  }
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
  .use(numberFormatter((language) => formattingLocale({ resolvedLanguage: language, language: i18n.language })))
  .init({
    supportedLngs: [...interfaceLanguages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    ns: ['translation'],
    defaultNS: 'translation',
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: interpolationOptions,
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

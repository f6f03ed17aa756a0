import { findListeningLanguage, isRtlLanguage } from '@app/shared';

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesFor(uiLanguage: string): Intl.DisplayNames | null {
  if (!displayNames.has(uiLanguage)) {
    try {
      displayNames.set(uiLanguage, new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'none' }));
    } catch {
      displayNames.set(uiLanguage, null);
    }
  }
  return displayNames.get(uiLanguage) ?? null;
}

/**
 * A language's name in the interface language ("Spanish" for English readers, "espanhol" for
 * Portuguese ones), from the browser's own data; a church's custom language keeps the name it was
 * given.
 */
export function languageName(code: string, fallbackName: string, uiLanguage: string): string {
  if (!findListeningLanguage(code)) return fallbackName || code;
  const name = namesFor(uiLanguage)?.of(code);
  // Some languages write their names in lower case ("español"); a picker entry starts with a capital.
  return name ? name.charAt(0).toLocaleUpperCase(uiLanguage) + name.slice(1) : fallbackName || code;
}

/** For listeners: the language in itself, with the interface language's name when it differs. */
export function listenerLanguageLabel(code: string, nativeName: string, name: string, uiLanguage: string): string {
  const local = languageName(code, name, uiLanguage);
  return nativeName && nativeName.toLowerCase() !== local.toLowerCase() ? `${nativeName} · ${local}` : local;
}

/** BCP-47 locale for recognition and device voices: the church's, the known language's, or the code. */
export function localeFor(code: string, locale?: string | null): string {
  return locale || findListeningLanguage(code)?.locale || code;
}

/** Right-to-left scripts (Arabic, Hebrew, Persian, Urdu) need `dir="rtl"`; the server says which. */
export function isRtl(code: string, rtl?: boolean): boolean {
  return rtl ?? isRtlLanguage(code);
}

/** Names a church's language codes in the reader's language; a church's own language keeps its own name. */
export function churchLanguageNamer(languages: Array<{ code: string; name: string }>, uiLanguage: string): (code: string) => string {
  return (code) => languageName(code, languages.find((l) => l.code === code)?.name ?? code, uiLanguage);
}

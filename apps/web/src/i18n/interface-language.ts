import { useTranslation } from 'react-i18next';
import { interfaceLanguages, type InterfaceLanguage } from '@app/shared';

// Browsers report regional languages (en-AU, pt-BR, zh-TW) and i18next keeps that code as
// `i18n.language`, while the server and the app's own tables know the five interface languages only
// (spec section 1). Everything sent to the server or looked up goes through `interfaceLanguage`.

type LanguageState = { resolvedLanguage?: string; language?: string };

/** The interface language a detected or chosen code stands for ('zh-CN' → 'zh', 'fr' → 'en'). */
export function toInterfaceLanguage(lng: string | undefined): InterfaceLanguage {
  const base = (lng ?? '').split('-')[0]?.toLowerCase() ?? '';
  return (interfaceLanguages as readonly string[]).includes(base) ? (base as InterfaceLanguage) : 'en';
}

/** The interface language shown (en, pt, es, id, zh): what messages are written and read in, what a listener is offered first. */
export function interfaceLanguage(i18n: LanguageState): InterfaceLanguage {
  return toInterfaceLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * The locale dates and numbers are formatted in: the browser's own regional variant when it is the
 * interface language's (an Australian sees day/month, a Brazilian pt-BR), else the interface language.
 */
export function formattingLocale(i18n: LanguageState): string {
  const language = interfaceLanguage(i18n);
  const [base, region] = (i18n.language ?? '').split('-');
  return region && base?.toLowerCase() === language ? (i18n.language as string) : language;
}

/** Both, re-rendering when the language changes. */
export function useInterfaceLanguage(): { language: InterfaceLanguage; locale: string } {
  const { i18n } = useTranslation();
  return { language: interfaceLanguage(i18n), locale: formattingLocale(i18n) };
}

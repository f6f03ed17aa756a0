import { findKnownLanguage } from '@app/shared';
import { useInterfaceLanguage } from '../i18n/interface-language';
import { languageName } from './language-label';

/**
 * Names a listening language's code in the interface language ("Indonésio" for a Portuguese
 * reader, "Indonesian" for an English one): the one name every admin screen gives a language, so
 * follow-ups, decisions, feedback and flags name the same person's language alike. A code no table
 * knows keeps `fallbackName`, else the code.
 */
export function useLanguageName(): (code: string, fallbackName?: string) => string {
  const { language } = useInterfaceLanguage();
  return (code, fallbackName) => languageName(code, fallbackName ?? findKnownLanguage(code)?.englishName ?? code, language);
}

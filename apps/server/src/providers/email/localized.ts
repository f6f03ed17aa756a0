import type { InterfaceLanguage, PrimaryLanguage } from '@app/shared';

/** The interface language a person reads mail in, from the primary language they chose (spec section 3). */
export function mailLanguageOf(primaryLanguage: PrimaryLanguage | null | undefined): InterfaceLanguage {
  switch (primaryLanguage) {
    case 'portuguese': return 'pt';
    case 'spanish': return 'es';
    case 'indonesian': return 'id';
    case 'mandarin': return 'zh';
    default: return 'en';
  }
}

/** A mail's words in every interface language: a missing translation is a type error, not English by accident. */
export type LocalizedText<Args> = Record<InterfaceLanguage, (args: Args) => { subject: string; text: string }>;

import type { InterfaceLanguage, PrimaryLanguage } from '@app/shared';

/**
 * The interface language a person reads mail in: the primary language on their profile (spec
 * section 3), else the language of the request that made the mail when the person made it
 * themselves (`requestedInterfaceLanguage`: the page's `lng`, its cookie, Accept-Language), else
 * English.
 */
export function mailLanguageOf(primaryLanguage: PrimaryLanguage | null | undefined, requestLanguage: InterfaceLanguage | null = null): InterfaceLanguage {
  switch (primaryLanguage) {
    case 'english': return 'en';
    case 'portuguese': return 'pt';
    case 'spanish': return 'es';
    case 'indonesian': return 'id';
    case 'mandarin': return 'zh';
    default: return requestLanguage ?? 'en';
  }
}

/** A mail's words in every interface language: a missing translation is a type error, not English by accident. */
export type LocalizedText<Args> = Record<InterfaceLanguage, (args: Args) => { subject: string; text: string }>;

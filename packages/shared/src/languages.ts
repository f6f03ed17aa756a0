/**
 * Languages. Three different lists live here on purpose:
 * - interface languages (spec section 1: the UI is offered in five),
 * - primary languages chosen at signup (spec section 3),
 * - listening languages for live sermons (the five plus Arabic and Hindi), with their Azure codes.
 */
export const interfaceLanguages = ['en', 'pt', 'es', 'id', 'zh'] as const;
export type InterfaceLanguage = (typeof interfaceLanguages)[number];

export const interfaceLanguageNames: Record<InterfaceLanguage, string> = {
  en: 'English',
  pt: 'Português',
  es: 'Español',
  id: 'Bahasa Indonesia',
  zh: '中文',
};

export const primaryLanguages = ['english', 'spanish', 'portuguese', 'indonesian', 'mandarin'] as const;
export type PrimaryLanguage = (typeof primaryLanguages)[number];

export interface ListeningLanguage {
  /** Our code, also the Azure Translator target code. */
  code: string;
  /** Name in the language itself, for pickers. */
  nativeName: string;
  englishName: string;
  /** BCP-47 locale for speech recognition and SSML. */
  locale: string;
  rtl: boolean;
  femaleVoice: string;
  maleVoice: string;
}

/** Real Azure neural voices (SPEECH-AND-TRANSLATION.md). */
export const listeningLanguages: readonly ListeningLanguage[] = [
  { code: 'en', nativeName: 'English', englishName: 'English', locale: 'en-AU', rtl: false, femaleVoice: 'en-AU-NatashaNeural', maleVoice: 'en-AU-WilliamNeural' },
  { code: 'pt', nativeName: 'Português', englishName: 'Portuguese', locale: 'pt-BR', rtl: false, femaleVoice: 'pt-BR-FranciscaNeural', maleVoice: 'pt-BR-AntonioNeural' },
  { code: 'es', nativeName: 'Español', englishName: 'Spanish', locale: 'es-ES', rtl: false, femaleVoice: 'es-ES-ElviraNeural', maleVoice: 'es-ES-AlvaroNeural' },
  { code: 'id', nativeName: 'Bahasa Indonesia', englishName: 'Indonesian', locale: 'id-ID', rtl: false, femaleVoice: 'id-ID-GadisNeural', maleVoice: 'id-ID-ArdiNeural' },
  { code: 'zh-Hans', nativeName: '中文 (普通话)', englishName: 'Mandarin', locale: 'zh-CN', rtl: false, femaleVoice: 'zh-CN-XiaoxiaoNeural', maleVoice: 'zh-CN-YunxiNeural' },
  { code: 'ar', nativeName: 'العربية', englishName: 'Arabic', locale: 'ar-SA', rtl: true, femaleVoice: 'ar-SA-ZariyahNeural', maleVoice: 'ar-SA-HamedNeural' },
  { code: 'hi', nativeName: 'हिन्दी', englishName: 'Hindi', locale: 'hi-IN', rtl: false, femaleVoice: 'hi-IN-SwaraNeural', maleVoice: 'hi-IN-MadhurNeural' },
];

export function findListeningLanguage(code: string): ListeningLanguage | undefined {
  return listeningLanguages.find((l) => l.code === code);
}

/** The locale a voice speaks, from its name (`pt-BR-FranciscaNeural` → `pt-BR`). */
export function voiceLocale(voiceId: string): string | null {
  const m = /^([a-z]{2,3}-[A-Za-z]{2,4})-/.exec(voiceId);
  return m ? m[1]! : null;
}

/** One of the product's listening languages, matched without regard to case (`zh-hans` → `zh-Hans`). */
export function findKnownLanguage(code: string): ListeningLanguage | undefined {
  const wanted = code.trim().toLowerCase();
  return listeningLanguages.find((l) => l.code.toLowerCase() === wanted);
}

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'ug', 'sd', 'prs']);

/** Whether captions in this language read right to left (a known language says so itself). */
export function isRtlLanguage(code: string): boolean {
  return findKnownLanguage(code)?.rtl ?? RTL_LANGUAGES.has(code.toLowerCase().split('-')[0]!);
}

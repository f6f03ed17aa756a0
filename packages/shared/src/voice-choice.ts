import type { VoiceGender } from './enums';
import { listeningLanguages } from './languages';
import { voiceOwner, type VoiceEngineKind } from './voice-engines';

/** The language part of a locale, lower case: `pt-BR` → `pt`, `zh-CN` → `zh`. */
const languageOf = (locale: string) => locale.split('-')[0]!.toLowerCase();

/** eSpeak NG's voice per language (it has no Mandarin under `zh`, and Brazilian Portuguese is its own). */
const ESPEAK: Record<string, string> = { en: 'en', pt: 'pt-br', es: 'es', id: 'id', zh: 'cmn', cmn: 'cmn', ar: 'ar', hi: 'hi' };
/** Google's language codes where they differ from the locale the church's language has. */
const GOOGLE_LOCALE: Record<string, string> = { 'zh-CN': 'cmn-CN', 'ar-SA': 'ar-XA', 'es-419': 'es-US' };

/**
 * The voice an engine speaks a language with (decision 040). The church's voice for that language
 * and gender when it belongs to this engine (`voiceOwner`), else the engine's own default for the
 * language and gender: a second engine of another kind still speaks, in the listener's language.
 */
export function voiceFor(kind: VoiceEngineKind, locale: string, gender: VoiceGender, configured: string | null): string {
  if (configured && voiceOwner(configured) === kind) return configured.replace(/^(openai|google|espeak|azure):/, '');
  const lang = languageOf(locale);
  switch (kind) {
    case 'azure': {
      const known = listeningLanguages.find((l) => l.locale === locale) ?? listeningLanguages.find((l) => languageOf(l.locale) === lang);
      return (gender === 'male' ? known?.maleVoice : known?.femaleVoice) ?? (gender === 'male' ? 'en-AU-WilliamNeural' : 'en-AU-NatashaNeural');
    }
    case 'google':
      // Standard voices exist for every listening language; A is a woman's voice and B a man's in each.
      return `${GOOGLE_LOCALE[locale] ?? locale}-Standard-${gender === 'male' ? 'B' : 'A'}`;
    case 'openai':
      // OpenAI's voices speak every language. A server without these names (some Kokoro or Piper
      // set-ups) is given its own voice in the language's settings, as `openai:<name>`.
      return gender === 'male' ? 'onyx' : 'nova';
    case 'espeak':
      return `${ESPEAK[lang] ?? 'en'}+${gender === 'male' ? 'm3' : 'f3'}`;
  }
}

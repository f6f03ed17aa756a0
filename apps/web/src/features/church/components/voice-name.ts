import { voiceFor, voiceOwner, type VoiceEngineKind, type VoiceGender } from '@app/shared';

type Translate = (key: string, options?: Record<string, string>) => string;

/** A locale ("pt-BR", "pt-br", "cmn") in the reader's language: "português (Brasil)". */
function localeName(locale: string, uiLanguage: string): string {
  const [lang = '', region] = locale.split('-');
  const tag = [lang.toLowerCase() === 'cmn' ? 'zh' : lang.toLowerCase(), region?.toUpperCase()].filter(Boolean).join('-');
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'none' }).of(tag) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * A voice as a person reads it (decision 040): "Natasha · inglês (Austrália)" for Azure's
 * `en-AU-NatashaNeural`, "português (Brasil), voz feminina" for eSpeak's `pt-br+f3`, "Nova" for
 * OpenAI's `nova`. An id of a shape the engine does not use is shown as it is.
 */
export function voiceName(kind: VoiceEngineKind, id: string, uiLanguage: string, t: Translate): string {
  const bare = id.replace(/^(openai|google|espeak|azure):/, '');
  const azure = /^([a-z]{2,3}-[A-Za-z]{2,4})-(\w+?)(?:Multilingual)?Neural$/.exec(bare);
  if (kind === 'azure' && azure) return `${azure[2]} · ${localeName(azure[1]!, uiLanguage)}`;
  const google = /^([a-z]{2,3}-[A-Z]{2})-(\w+)-([A-Z])$/.exec(bare);
  if (kind === 'google' && google) return `${google[2]} ${google[3]} · ${localeName(google[1]!, uiLanguage)}`;
  const espeak = /^([a-z-]+)\+([fm])\d*$/.exec(bare);
  if (kind === 'espeak' && espeak) {
    return t('church.languages.espeakVoice', {
      language: localeName(espeak[1]!, uiLanguage),
      gender: t(espeak[2] === 'm' ? 'church.languages.maleSpeaker' : 'church.languages.femaleSpeaker'),
    });
  }
  if (kind === 'openai' && /^[a-z]+$/.test(bare)) return bare.charAt(0).toUpperCase() + bare.slice(1);
  return bare;
}

/**
 * The voice a language is spoken in: the church's first voice engine's own voice (the one the
 * server uses, voiceFor), or, with no engine chosen, the voice stored for the language.
 */
export function spokenVoice(
  kind: VoiceEngineKind | null,
  language: { locale: string | null; code: string },
  gender: VoiceGender,
  configured: string | null,
  uiLanguage: string,
  t: Translate,
): string | null {
  if (!kind) return configured ? voiceName(voiceOwner(configured), configured, uiLanguage, t) : null;
  return voiceName(kind, voiceFor(kind, language.locale ?? language.code, gender, configured), uiLanguage, t);
}

/**
 * A voice id to show as an example when typing one: the chosen engine's voice for Brazilian
 * Portuguese, written as the church's voice fields store it (`voiceOwner`), Azure's with none chosen.
 */
export function voiceExample(kind: VoiceEngineKind | null, gender: VoiceGender): string {
  const engine = kind ?? 'azure';
  const id = voiceFor(engine, 'pt-BR', gender, null);
  return engine === 'openai' || engine === 'espeak' ? `${engine}:${id}` : id;
}

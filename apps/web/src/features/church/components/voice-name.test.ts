import { describe, expect, it } from 'vitest';
import { spokenVoice, voiceExample, voiceName } from './voice-name';

// The English strings, as i18next would give them.
const EN: Record<string, string> = {
  'church.languages.espeakVoice': '{{language}}, {{gender}}',
  'church.languages.femaleSpeaker': "woman's voice",
  'church.languages.maleSpeaker': "man's voice",
};
const t = (key: string, options: Record<string, string> = {}) =>
  (EN[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => options[name] ?? '');

describe('the voices a church administrator reads', () => {
  it('names each engine\'s voice as a person would say it', () => {
    expect(voiceName('azure', 'en-AU-NatashaNeural', 'en', t)).toBe('Natasha · Australian English');
    expect(voiceName('google', 'pt-BR-Standard-A', 'pt', t)).toBe('Standard A · português (Brasil)');
    expect(voiceName('openai', 'openai:nova', 'en', t)).toBe('Nova');
    expect(voiceName('espeak', 'pt-br+f3', 'en', t)).toBe("Brazilian Portuguese, woman's voice");
    expect(voiceName('espeak', 'espeak:cmn+m3', 'en', t)).toBe("Chinese, man's voice");
  });

  it('shows only the chosen engine\'s voices: with eSpeak chosen, no Azure name appears', () => {
    const portuguese = { locale: 'pt-BR', code: 'pt' };
    const female = spokenVoice('espeak', portuguese, 'female', 'pt-BR-FranciscaNeural', 'en', t);
    expect(female).toBe("Brazilian Portuguese, woman's voice");
    expect(female).not.toMatch(/Neural|Francisca/);
    // A voice stored for eSpeak itself is the one it speaks with.
    expect(spokenVoice('espeak', portuguese, 'male', 'espeak:pt-br+m1', 'en', t)).toBe("Brazilian Portuguese, man's voice");
    // Azure chosen: the church's Azure voice, by its name.
    expect(spokenVoice('azure', portuguese, 'female', 'pt-BR-FranciscaNeural', 'en', t)).toBe('Francisca · Brazilian Portuguese');
  });

  it('with no voice engine chosen, names the voice stored for the language, or none', () => {
    expect(spokenVoice(null, { locale: 'sw-KE', code: 'sw' }, 'female', 'sw-KE-ZuriNeural', 'en', t)).toBe('Zuri · Swahili (Kenya)');
    expect(spokenVoice(null, { locale: 'sw-KE', code: 'sw' }, 'male', null, 'en', t)).toBeNull();
  });
});

describe('the example voice a church administrator is shown when typing one', () => {
  it('is a voice of the chosen engine, written as the voice field takes it', () => {
    expect(voiceExample('espeak', 'female')).toBe('espeak:pt-br+f3');
    expect(voiceExample('openai', 'male')).toBe('openai:onyx');
    expect(voiceExample('google', 'female')).toBe('pt-BR-Standard-A');
    expect(voiceExample(null, 'female')).toBe('pt-BR-FranciscaNeural');
  });
});

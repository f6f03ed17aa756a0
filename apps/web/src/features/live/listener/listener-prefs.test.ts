import { beforeEach, describe, expect, it } from 'vitest';
import { initialLanguage, listeningCodeFor, readListenerPrefs, saveListenerPrefs, TEXT_SIZES } from './listener-prefs';

describe('listener choices', () => {
  beforeEach(() => localStorage.clear());

  it('starts with a readable text size and no voice on a first visit', () => {
    const prefs = readListenerPrefs();
    expect(TEXT_SIZES[prefs.textSizeIndex]).toBe(21);
    expect(prefs.voiceOn).toBe(false);
    expect(prefs.gender).toBe('female');
  });

  it('remembers language, voice and text size', () => {
    saveListenerPrefs({ language: 'ar', voiceOn: true, gender: 'male', textSizeIndex: 5 });
    expect(readListenerPrefs()).toEqual({ language: 'ar', voiceOn: true, gender: 'male', textSizeIndex: 5 });
  });

  it('opens in the remembered language if offered, else the interface language, else the spoken one', () => {
    expect(initialLanguage(['en', 'es', 'ar'], 'ar', 'pt', 'en')).toBe('ar');
    expect(initialLanguage(['en', 'es'], 'ar', 'es', 'en')).toBe('es');
    expect(initialLanguage(['en', 'zh-Hans'], null, 'zh', 'en')).toBe('zh-Hans');
    expect(initialLanguage(['en', 'es'], null, 'id', 'en')).toBe('en');
    expect(listeningCodeFor('pt-BR')).toBe('pt');
  });
});

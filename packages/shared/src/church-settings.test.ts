import { describe, expect, it } from 'vitest';
import { addChurchLanguageBody, isAzureTranslatorEndpoint, isValidTimeZone, liveSettingsBody } from './church-settings';
import { engineConfig } from './translation-engines';
import { findKnownLanguage, isRtlLanguage, voiceLocale } from './languages';

describe('church live settings contract', () => {
  it('accepts IANA time zones and refuses offsets, abbreviations and nonsense', () => {
    for (const tz of ['Australia/Sydney', 'Australia/Perth', 'America/Santiago', 'UTC']) expect(isValidTimeZone(tz)).toBe(true);
    for (const tz of ['', 'EST', '+10:00', 'Mars/Olympus', 'Australia/Sydney ']) expect(isValidTimeZone(tz)).toBe(false);
  });

  it("only lets the translator endpoint point at Azure's own hosts over https", () => {
    for (const ok of [
      'https://api.cognitive.microsofttranslator.com',
      'https://api-apc.cognitive.microsofttranslator.com/',
      'https://harbour.cognitiveservices.azure.com/',
      'https://harbour.cognitiveservices.azure.us',
    ]) expect(isAzureTranslatorEndpoint(ok), ok).toBe(true);
    for (const bad of [
      'http://harbour.cognitiveservices.azure.com',
      'https://evil.example.com',
      'https://cognitiveservices.azure.com.evil.example',
      'https://127.0.0.1',
      'https://user:pw@harbour.cognitiveservices.azure.com',
    ]) expect(isAzureTranslatorEndpoint(bad), bad).toBe(false);
  });

  it('explains why an endpoint is refused', () => {
    const azure = (endpoint: string) => engineConfig.safeParse({ kind: 'azure', region: 'global', endpoint });
    expect(azure('not a url').error?.issues[0]?.message).toBe('validation.urlInvalid');
    expect(azure('https://evil.example.com').error?.issues.map((i) => i.message)).toEqual(['validation.translatorEndpointInvalid']);
    expect(azure('').success).toBe(true);
  });

  it("takes any http(s) address for a church's own LibreTranslate or model server", () => {
    expect(engineConfig.safeParse({ kind: 'libretranslate', url: 'http://192.168.1.20:5000' }).success).toBe(true);
    expect(engineConfig.safeParse({ kind: 'openai', url: 'http://localhost:11434/v1', model: 'llama3.1:8b' }).success).toBe(true);
    expect(engineConfig.safeParse({ kind: 'openai', url: 'https://api.openai.com/v1?x=1', model: 'gpt-4o-mini' }).error?.issues[0]?.message).toBe('validation.engineUrlInvalid');
    expect(engineConfig.safeParse({ kind: 'openai', url: 'https://api.openai.com/v1', model: '' }).error?.issues[0]?.message).toBe('validation.required');
    // A cloud metadata address is well formed: the server refuses it as any inside address (decision 051).
    expect(engineConfig.safeParse({ kind: 'libretranslate', url: 'http://169.254.169.254/latest' }).success).toBe(true);
    // Never a URL with credentials in it.
    expect(engineConfig.safeParse({ kind: 'libretranslate', url: 'http://user:pw@translate.church' }).success).toBe(false);
  });

  it('lower-cases regions and refuses malformed ones', () => {
    expect(liveSettingsBody.parse({ speechLocation: ' AustraliaEast ' }).speechLocation).toBe('australiaeast');
    expect(liveSettingsBody.safeParse({ speechLocation: 'east us' }).success).toBe(false);
  });

  it('needs a name and a voice only for a language the product does not know', () => {
    expect(addChurchLanguageBody.safeParse({ list: 'join_live', code: 'pt' }).success).toBe(true);
    expect(addChurchLanguageBody.safeParse({ list: 'join_live', code: 'zh-hans' }).success).toBe(true);
    const unknown = addChurchLanguageBody.safeParse({ list: 'join_live', code: 'fr' });
    expect(unknown.error?.issues.map((i) => i.path.join('.'))).toEqual(['name', 'femaleVoiceId']);
    expect(addChurchLanguageBody.safeParse({ list: 'join_live', code: 'fr', name: 'French', maleVoiceId: 'fr-FR-HenriNeural' }).success).toBe(true);
  });

  it('derives locales from voices and reading direction from codes', () => {
    expect(voiceLocale('pt-BR-FranciscaNeural')).toBe('pt-BR');
    expect(voiceLocale('zh-CN-henan-YundengNeural')).toBe('zh-CN');
    expect(voiceLocale('nonsense')).toBeNull();
    expect(isRtlLanguage('ar')).toBe(true);
    expect(isRtlLanguage('he')).toBe(true);
    expect(isRtlLanguage('fa-AF')).toBe(true);
    expect(isRtlLanguage('es')).toBe(false);
    expect(findKnownLanguage('ZH-HANS')?.code).toBe('zh-Hans');
  });
});

import { describe, expect, it } from 'vitest';
import { addChurchLanguageBody } from './church-settings';
import { voiceEngineConfig, voiceOwner } from './voice-engines';

describe('voice ids of every engine', () => {
  it.each([
    ['pt-BR-FranciscaNeural', 'azure'],
    ['zh-CN-XiaoxiaoNeural', 'azure'],
    ['pt-BR-Standard-A', 'google'],
    ['cmn-CN-Wavenet-B', 'google'],
    ['en-US-Chirp3-HD-Aoede', 'google'],
    ['openai:nova', 'openai'],
    ['openai:af_heart', 'openai'],
    ['espeak:pt-br+f3', 'espeak'],
  ] as const)('%s belongs to %s, and a language may use it', (voice, owner) => {
    expect(voiceOwner(voice)).toBe(owner);
    expect(addChurchLanguageBody.safeParse({ list: 'join_live', code: 'pt', femaleVoiceId: voice }).success).toBe(true);
  });

  it('refuses what is no engine\'s voice', () => {
    for (const voice of ['nova', 'espeak:', 'espeak:pt br', 'other:nova', 'pt-br+f3; rm -rf /']) {
      expect(addChurchLanguageBody.safeParse({ list: 'join_live', code: 'pt', femaleVoiceId: voice }).success, voice).toBe(false);
    }
  });
});

describe('voice engine settings', () => {
  it('takes each engine with its own fields; a cloud metadata address is the server’s to refuse, as any inside one', () => {
    expect(voiceEngineConfig.safeParse({ kind: 'espeak' }).success).toBe(true);
    expect(voiceEngineConfig.safeParse({ kind: 'openai', url: 'http://localhost:8880/v1', model: 'kokoro' }).success).toBe(true);
    // Decision 051: not a typing mistake; the server answers `addressNotAllowed` on the field.
    expect(voiceEngineConfig.safeParse({ kind: 'openai', url: 'http://169.254.169.254/v1', model: 'kokoro' }).success).toBe(true);
    expect(voiceEngineConfig.safeParse({ kind: 'piper' }).success).toBe(false);
  });
});

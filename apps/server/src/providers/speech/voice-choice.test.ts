import { describe, expect, it } from 'vitest';
import { voiceFor } from './voice-choice';
import { engineOrder } from './voice-failover';

describe('the voice each engine speaks a language with', () => {
  it.each([
    // The church's own voice, when it belongs to the engine.
    ['azure', 'pt-BR', 'female', 'pt-BR-FranciscaNeural', 'pt-BR-FranciscaNeural'],
    ['google', 'pt-BR', 'female', 'pt-BR-Wavenet-C', 'pt-BR-Wavenet-C'],
    ['openai', 'pt-BR', 'male', 'openai:af_heart', 'af_heart'],
    ['espeak', 'pt-BR', 'male', 'espeak:pt+m7', 'pt+m7'],
    // Another engine's voice: this engine's default for the language and gender.
    ['google', 'pt-BR', 'male', 'pt-BR-AntonioNeural', 'pt-BR-Standard-B'],
    ['google', 'zh-CN', 'female', 'zh-CN-XiaoxiaoNeural', 'cmn-CN-Standard-A'],
    ['google', 'ar-SA', 'female', null, 'ar-XA-Standard-A'],
    ['openai', 'es-ES', 'female', 'es-ES-ElviraNeural', 'nova'],
    ['openai', 'es-ES', 'male', 'es-ES-AlvaroNeural', 'onyx'],
    ['espeak', 'pt-BR', 'female', 'pt-BR-FranciscaNeural', 'pt-br+f3'],
    ['espeak', 'zh-CN', 'male', null, 'cmn+m3'],
    ['espeak', 'hi-IN', 'female', null, 'hi+f3'],
    ['azure', 'id-ID', 'male', 'openai:onyx', 'id-ID-ArdiNeural'],
  ] as const)('%s, %s, %s voice set to %s → %s', (kind, locale, gender, configured, expected) => {
    expect(voiceFor(kind, locale, gender, configured)).toBe(expected);
  });
});

describe('the order the engines are tried in', () => {
  const now = 100_000;
  it.each([
    [[null, null], [0, 1]],
    // The first failed 10 s ago: the second speaks at once.
    [[now - 10_000, null], [1, 0]],
    // Over 30 s ago: the first is tried again.
    [[now - 31_000, null], [0, 1]],
    [[null, now - 1000], [0, 1]],
    // Both failed recently: the one that failed longest ago first.
    [[now - 1000, now - 5000], [1, 0]],
    [[null], [0]],
  ] as const)('failed at %j → %j', (failedAt, order) => {
    expect(engineOrder(failedAt, now)).toEqual(order);
  });
});

import { describe, expect, it } from 'vitest';
import { estimatedCost, listPricesUsd, priceKeys, priceUnitOf, usdRates } from './engine-prices';

describe('estimated engine costs', () => {
  it('prices every engine a church can choose', () => {
    for (const key of priceKeys) expect(listPricesUsd[key], key).toBeGreaterThanOrEqual(0);
  });

  it('estimates characters per million and minutes per minute, in the church’s currency, its own price first', () => {
    const aud = { currency: 'AUD' as const, overrides: {} };
    expect(estimatedCost(aud, 'translation', 'deepl', 2_000_000)).toBeCloseTo(2 * 25 * usdRates.AUD);
    expect(estimatedCost(aud, 'recognition', 'deepgram', 90)).toBeCloseTo(90 * 0.0077 * usdRates.AUD);
    expect(estimatedCost({ currency: 'USD', overrides: { 'voice:azure': 12 } }, 'voice', 'azure', 500_000)).toBeCloseTo(6);
    expect(estimatedCost(aud, 'translation', 'libretranslate', 9_000_000)).toBe(0);
    expect(estimatedCost(aud, 'translation', 'babel', 1)).toBeNull();
  });

  it('labels each price in the unit its vendor bills: a model by the token, other translators and voices by the character, recognisers by the minute', () => {
    expect(priceUnitOf('translation', 'openai')).toBe('millionTokens');
    for (const kind of ['azure', 'deepl', 'google', 'libretranslate']) expect(priceUnitOf('translation', kind)).toBe('millionCharacters');
    for (const kind of ['azure', 'openai', 'google', 'espeak']) expect(priceUnitOf('voice', kind)).toBe('millionCharacters');
    expect(priceUnitOf('recognition', 'deepgram')).toBe('minute');
    // gpt-4o-mini's $0.60 is per million tokens: a million tokens, not a million characters, costs that.
    expect(estimatedCost({ currency: 'USD', overrides: {} }, 'translation', 'openai', 1_000_000)).toBeCloseTo(0.6);
  });
});

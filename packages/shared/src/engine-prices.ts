import { z } from 'zod';
import { translationEngineKinds, usageUnitOf, type TranslatorKind } from './translation-engine-kinds';
import { recognitionEngineKinds } from './recognition';
import { voiceEngineKinds } from './voice-engines';
import { msg } from './validation';

/**
 * The cost view's estimated amounts (decision 033): what a church's use of each engine would cost
 * at the engine's list price, in the church's currency. An estimate only: free tiers, plans,
 * discounts and taxes are left out, and an administrator may set the price they actually pay per
 * engine (stored per church).
 *
 * Endpoints (under /api/v1):
 *   GET /cost-prices?churchId=            → costPricesResponse (church:edit: a church admin their
 *                                           church, a platform admin every church or one)
 *   PUT /churches/:id/cost-prices         costPricesBody → churchCostPrices (church:edit)
 */

/** Which engine family a price belongs to, and the unit it is billed by. */
export const priceFamilies = ['translation', 'recognition', 'voice'] as const;
export type PriceFamily = (typeof priceFamilies)[number];

/**
 * What a price is per, as the vendor bills it: a minute of audio (recognition), a million tokens
 * (a translation model, `usageUnitOf`), else a million characters (translation, voice).
 */
export function priceUnitOf(family: PriceFamily, kind: string): 'minute' | 'millionTokens' | 'millionCharacters' {
  if (family === 'recognition') return 'minute';
  if (family === 'translation' && usageUnitOf(kind as TranslatorKind) === 'tokens') return 'millionTokens';
  return 'millionCharacters';
}

/**
 * List prices in US dollars, pay as you go, as each vendor's pricing page gave them in November
 * 2025 (Azure AI Translator S1, DeepL API Pro usage, Google Cloud Translation Basic, OpenAI
 * gpt-4o-mini output tokens, per million tokens (usage counts the request's tokens too, so the
 * estimate errs high); Azure AI Speech real-time, Deepgram Nova-3 streaming, AssemblyAI
 * Universal-Streaming, OpenAI gpt-4o-transcribe; Azure neural voices, OpenAI tts-1, Google
 * WaveNet voices). Self-hosted engines (LibreTranslate, eSpeak NG) cost nothing per use. The
 * browser's own recogniser (`azure` in the browser uses the church's speech key) is priced as Azure.
 */
export const listPricesUsd: Record<`${PriceFamily}:${string}`, number> = {
  'translation:azure': 10,
  'translation:deepl': 25,
  'translation:google': 20,
  'translation:libretranslate': 0,
  'translation:openai': 0.6,
  'recognition:azure': 1 / 60,
  'recognition:azure-server': 1 / 60,
  'recognition:deepgram': 0.0077,
  'recognition:assemblyai': 0.0025,
  'recognition:openai-realtime': 0.006,
  'voice:azure': 15,
  'voice:openai': 15,
  'voice:google': 16,
  'voice:espeak': 0,
};

/** Currencies a church may see its costs in; AUD first (the product's churches are in Australia). */
export const costCurrencies = ['AUD', 'NZD', 'USD', 'EUR', 'GBP'] as const;
export type CostCurrency = (typeof costCurrencies)[number];

/** US dollars to each currency, approximate mid-market rates of November 2025. */
export const usdRates: Record<CostCurrency, number> = { AUD: 1.54, NZD: 1.76, USD: 1, EUR: 0.87, GBP: 0.76 };

/** Every engine a price may be set for: `family:kind`. */
export const priceKeys = [
  ...translationEngineKinds.map((k) => `translation:${k}` as const),
  ...recognitionEngineKinds.map((k) => `recognition:${k}` as const),
  ...voiceEngineKinds.map((k) => `voice:${k}` as const),
] as const;
export type PriceKey = (typeof priceKeys)[number];

/** A price per unit (see priceUnitOf) in the church's currency; at most 10,000 per unit. */
const price = z.number({ error: msg('invalidChoice') }).min(0, { error: msg('invalidChoice') }).max(10_000, { error: msg('invalidChoice') });

export const costPricesBody = z.object({
  currency: z.enum(costCurrencies, { error: msg('invalidChoice') }),
  /** The prices the church pays, where they differ from the list price; any other key answers 400. */
  overrides: z.partialRecord(z.enum(priceKeys, { error: msg('invalidChoice') }), price),
});
export type CostPricesBody = z.infer<typeof costPricesBody>;

export const churchCostPrices = costPricesBody.extend({ churchId: z.string().uuid() });
export type ChurchCostPrices = z.infer<typeof churchCostPrices>;

export const costPricesResponse = z.object({ churches: z.array(churchCostPrices) });
export type CostPricesResponse = z.infer<typeof costPricesResponse>;

/** What a church is charged per unit for `family:kind`: its own price, else the list price in its currency. */
export function unitPrice(prices: Pick<ChurchCostPrices, 'currency' | 'overrides'>, family: PriceFamily, kind: string): number | null {
  const key = `${family}:${kind}` as PriceKey;
  const own = prices.overrides[key];
  if (own !== undefined) return own;
  const list = listPricesUsd[key];
  return list === undefined ? null : list * usdRates[prices.currency];
}

/** The estimated amount for `units` characters or tokens (translation, voice) or minutes (recognition). */
export function estimatedCost(prices: Pick<ChurchCostPrices, 'currency' | 'overrides'>, family: PriceFamily, kind: string, units: number): number | null {
  const per = unitPrice(prices, family, kind);
  if (per === null) return null;
  return priceUnitOf(family, kind) === 'minute' ? per * units : (per * units) / 1_000_000;
}

/** The prices of a church that set none: list prices, in Australian dollars. */
export const defaultCostPrices = (churchId: string): ChurchCostPrices => ({ churchId, currency: 'AUD', overrides: {} });

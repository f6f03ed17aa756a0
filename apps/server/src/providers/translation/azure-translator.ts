import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { refusalOf } from '../../lib/outbound/outbound-error';
import { plainWords } from '../../lib/outbound/plain-words';
import { charactersBilled, noAnswerError, retryPlan, type EngineHttpOptions } from './engine-http';
import { fetchWithRetry } from './retrying-fetch';
import { errorKindOf, TranslationError, type TranslateOptions, type Translator } from './translator';

/** Azure's global Translator endpoint (SPEECH-AND-TRANSLATION.md). */
export const AZURE_TRANSLATOR_GLOBAL_ENDPOINT = 'https://api.cognitive.microsofttranslator.com';
/** Path of the translate operation on a custom (resource) endpoint. */
const CUSTOM_ENDPOINT_PATH = '/translator/text/v3.0/translate';

export interface AzureTranslatorOptions extends EngineHttpOptions {
  key: string;
  /** The resource's region; omitted for a global single-service resource. */
  region?: string | null;
  /** The church's endpoint: null or the global endpoint, or a custom resource endpoint. */
  endpoint?: string | null;
  /**
   * AZURE_TRANSLATOR_ENDPOINT: replaces the scheme and host (tests point it at the loopback mock);
   * the path still follows the church's endpoint kind.
   */
  baseUrlOverride?: string;
}

const translateResponse = z.array(
  z.object({ translations: z.array(z.object({ text: z.string(), to: z.string() })) }),
);
const azureErrorBody = z.object({ error: z.object({ code: z.union([z.number(), z.string()]), message: z.string() }) });

/** Whether the endpoint is one of Azure's global Translator hosts (then the path is `/translate`). */
function isGlobalEndpoint(endpoint: string): boolean {
  try {
    return new URL(endpoint).hostname.endsWith('.microsofttranslator.com');
  } catch {
    return false;
  }
}

/** The translate URL without the query: global endpoints use `/translate`, resource endpoints the v3 path. */
export function translateUrl(endpoint: string | null | undefined, baseUrlOverride?: string): string {
  const churchEndpoint = (endpoint ?? '').trim() || AZURE_TRANSLATOR_GLOBAL_ENDPOINT;
  const path = isGlobalEndpoint(churchEndpoint) ? '/translate' : CUSTOM_ENDPOINT_PATH;
  const base = (baseUrlOverride ?? churchEndpoint).replace(/\/+$/, '');
  // A resource endpoint pasted with its path already on it is used as it is.
  if (!baseUrlOverride && base.endsWith(CUSTOM_ENDPOINT_PATH)) return base;
  return `${base}${path}`;
}

/** Azure Translator Text v3 over its REST contract: one request carries every target language. */
export class AzureTranslator implements Translator {
  readonly kind = 'azure' as const;
  private readonly url: string;

  constructor(private readonly opts: AzureTranslatorOptions) {
    this.url = translateUrl(opts.endpoint, opts.baseUrlOverride);
  }

  async translate(text: string, from: string, to: string[], options: TranslateOptions = {}): Promise<Record<string, string>> {
    const targets = [...new Set(to.filter((code) => code !== from))];
    if (targets.length === 0 || text.trim() === '') return Object.fromEntries(targets.map((code) => [code, text]));

    const query = new URLSearchParams({ 'api-version': '3.0', from });
    for (const code of targets) query.append('to', code);
    // Protected glossary terms travel as `notranslate` spans, which only HTML mode honours.
    if (options.textType === 'html') query.set('textType', 'html');
    const headers: Record<string, string> = {
      'Ocp-Apim-Subscription-Key': this.opts.key,
      'Content-Type': 'application/json; charset=UTF-8',
      'X-ClientTraceId': randomUUID(),
    };
    if (this.opts.region && this.opts.region !== 'global') headers['Ocp-Apim-Subscription-Region'] = this.opts.region;
    const body = JSON.stringify([{ Text: text }]);

    const outcome = await fetchWithRetry(`${this.url}?${query.toString()}`, () => ({ method: 'POST', headers, body }), retryPlan(options.purpose, this.opts));

    if (!outcome.response) throw noAnswerError(outcome.error);
    const { response } = outcome;
    if (!response.ok) throw await errorFrom(response);

    let parsed: z.infer<typeof translateResponse>;
    try {
      parsed = translateResponse.parse(await response.json());
    } catch (err) {
      if (refusalOf(err)) throw noAnswerError(err);
      throw new TranslationError('Translator answered with an unexpected body', response.status);
    }
    const byCode = new Map((parsed[0]?.translations ?? []).map((t) => [t.to.toLowerCase(), t.text]));
    const result: Record<string, string> = {};
    for (const code of targets) {
      const translated = byCode.get(code.toLowerCase());
      if (translated === undefined) throw new TranslationError(`Translator returned no ${code} translation`, response.status);
      result[code] = translated;
    }
    // Azure states what it billed (X-Metered-Usage); otherwise count as it does: every target.
    const metered = Number(response.headers.get('x-metered-usage'));
    options.onUsage?.(Number.isFinite(metered) && metered > 0 ? metered : charactersBilled(text, targets.length));
    return result;
  }
}

async function errorFrom(response: Response): Promise<TranslationError> {
  const raw = await response.text().catch(() => '');
  let providerCode: number | undefined;
  try {
    const parsed = azureErrorBody.safeParse(JSON.parse(raw));
    if (parsed.success) providerCode = Number(parsed.data.error.code) || undefined;
  } catch {
    // Not JSON (a proxy's HTML page): the status says enough.
  }
  // 403001: the free tier's monthly characters are used up. The body's words are not shown (decision 041).
  const kind = providerCode === 403001 ? 'quota' : errorKindOf(response.status);
  return new TranslationError(plainWords(kind, response.status), response.status, providerCode, kind);
}

import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { fetchWithRetry, type RetryOptions } from './retrying-fetch';
import { TranslationError, type TranslateOptions, type Translator } from './translator';

/** Azure's global Translator endpoint (SPEECH-AND-TRANSLATION.md). */
export const AZURE_TRANSLATOR_GLOBAL_ENDPOINT = 'https://api.cognitive.microsofttranslator.com';
/**
 * A partial translation's one try (decision 030): Azure answers a short line in 150–300 ms; one that
 * takes longer is skipped and the next partial asked instead.
 */
export const PARTIAL_TIMEOUT_MS = 1200;
/** Path of the translate operation on a custom (resource) endpoint. */
const CUSTOM_ENDPOINT_PATH = '/translator/text/v3.0/translate';

export interface AzureTranslatorOptions {
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
  /** Whole time allowed for retries of one translation (a caption cannot wait long). */
  retryBudgetMs?: number;
  /** Time allowed for a partial translation's single try (decision 030). */
  partialTimeoutMs?: number;
  retryBaseDelayMs?: number;
  fetch?: RetryOptions['fetch'];
  sleep?: RetryOptions['sleep'];
  now?: RetryOptions['now'];
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

    // A partial is worth nothing once the next one exists: one short try, never a retry.
    const partial = options.purpose === 'partial';
    const outcome = await fetchWithRetry(`${this.url}?${query.toString()}`, () => ({ method: 'POST', headers, body }), {
      budgetMs: partial ? (this.opts.partialTimeoutMs ?? PARTIAL_TIMEOUT_MS) : (this.opts.retryBudgetMs ?? 2500),
      maxAttempts: partial ? 1 : undefined,
      baseDelayMs: this.opts.retryBaseDelayMs ?? 200,
      maxDelayMs: 1000,
      fetch: this.opts.fetch,
      sleep: this.opts.sleep,
      now: this.opts.now,
    });

    if (!outcome.response) {
      const reason = outcome.error instanceof Error ? outcome.error.message : 'no response';
      throw new TranslationError(`Translator unreachable after ${outcome.attempts} attempt(s): ${reason}`);
    }
    const { response } = outcome;
    if (!response.ok) throw await errorFrom(response, outcome.gaveUp ? outcome.attempts : undefined);

    let parsed: z.infer<typeof translateResponse>;
    try {
      parsed = translateResponse.parse(await response.json());
    } catch {
      throw new TranslationError('Translator answered with an unexpected body', response.status);
    }
    const byCode = new Map((parsed[0]?.translations ?? []).map((t) => [t.to.toLowerCase(), t.text]));
    const result: Record<string, string> = {};
    for (const code of targets) {
      const translated = byCode.get(code.toLowerCase());
      if (translated === undefined) throw new TranslationError(`Translator returned no ${code} translation`, response.status);
      result[code] = translated;
    }
    return result;
  }
}

async function errorFrom(response: Response, gaveUpAfter?: number): Promise<TranslationError> {
  const raw = await response.text().catch(() => '');
  let providerCode: number | undefined;
  let message = `HTTP ${response.status}`;
  try {
    const parsed = azureErrorBody.safeParse(JSON.parse(raw));
    if (parsed.success) {
      providerCode = Number(parsed.data.error.code) || undefined;
      message = parsed.data.error.message;
    }
  } catch {
    // Not JSON (a proxy's HTML page): the status says enough.
  }
  const prefix = gaveUpAfter ? `Translator still failing after ${gaveUpAfter} attempts` : 'Translator refused the request';
  return new TranslationError(`${prefix}: ${message}`, response.status, providerCode);
}

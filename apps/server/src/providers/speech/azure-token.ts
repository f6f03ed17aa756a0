import { fetchWithRetry, type RetryOptions } from '../translation/retrying-fetch';
import { speechBaseUrl } from './azure-tts';
import type { SpeechTokenIssuer } from './speech';
import { SpeechError } from './speech-error';

const TOKEN_PATH = '/sts/v1.0/issueToken';
/** Azure tokens live 10 minutes; reuse one for at most 9 (SPEECH-AND-TRANSLATION.md). */
export const TOKEN_LIFETIME_MS = 10 * 60_000;
export const TOKEN_REUSE_MS = 9 * 60_000;

export interface AzureTokenOptions {
  key: string;
  region: string;
  /** AZURE_SPEECH_HOST: replaces `https://{region}.api.cognitive.microsoft.com` (tests: the mock). */
  hostOverride?: string;
  retryBudgetMs?: number;
  fetch?: RetryOptions['fetch'];
  now?: () => number;
}

interface Issued {
  token: string;
  region: string;
  issuedAt: number;
  expiresAt: Date;
}

/**
 * Issues short-lived Speech tokens with the church's key, so only the token and region reach the
 * speaker's browser. One instance per church: the token is cached for 9 minutes, and concurrent
 * callers share one request.
 */
export class AzureSpeechTokenIssuer implements SpeechTokenIssuer {
  private cached: Issued | undefined;
  private inFlight: Promise<Issued> | undefined;
  private readonly url: string;
  private readonly now: () => number;

  constructor(private readonly opts: AzureTokenOptions) {
    this.url = `${speechBaseUrl('api', opts.region, opts.hostOverride)}${TOKEN_PATH}`;
    this.now = opts.now ?? Date.now;
  }

  async issueToken(): Promise<{ token: string; region: string; expiresAt: Date }> {
    if (this.cached && this.now() - this.cached.issuedAt < TOKEN_REUSE_MS) return this.publicView(this.cached);
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = undefined;
    });
    return this.publicView(await this.inFlight);
  }

  private publicView(issued: Issued) {
    return { token: issued.token, region: issued.region, expiresAt: issued.expiresAt };
  }

  private async fetchToken(): Promise<Issued> {
    const issuedAt = this.now();
    const outcome = await fetchWithRetry(this.url, () => ({
      method: 'POST',
      headers: { 'Ocp-Apim-Subscription-Key': this.opts.key },
    }), { budgetMs: this.opts.retryBudgetMs ?? 3000, baseDelayMs: 250, maxDelayMs: 1500, fetch: this.opts.fetch });
    if (!outcome.response) {
      const reason = outcome.error instanceof Error ? outcome.error.message : 'no response';
      throw new SpeechError(`Speech token service unreachable: ${reason}`);
    }
    const { response } = outcome;
    const text = (await response.text()).trim();
    if (!response.ok) throw new SpeechError(`Speech token refused with HTTP ${response.status}`, response.status);
    if (!text) throw new SpeechError('Speech token service returned an empty token', response.status);
    const issued = { token: text, region: this.opts.region, issuedAt, expiresAt: new Date(issuedAt + TOKEN_LIFETIME_MS) };
    this.cached = issued;
    return issued;
  }
}

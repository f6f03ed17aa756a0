import { z } from 'zod';
import { badAnswer, callEngine, withoutTrailingSlash, type EngineHttpOptions } from './engine-http';
import { answerSchema, readModelAnswer, systemPrompt } from './model-answer';
import { TranslationError, type TranslateOptions, type Translator } from './translator';

export const OPENAI_DEFAULT_URL = 'https://api.openai.com/v1';

export interface OpenAITranslatorOptions extends EngineHttpOptions {
  /** The API base: https://api.openai.com/v1, https://{resource}.openai.azure.com/openai/v1, http://localhost:11434/v1 (Ollama)… */
  url: string;
  model: string;
  /** Local servers (Ollama, vLLM) may need none. */
  key?: string | null;
  /** OPENAI_BASE_URL: replaces the church's address (tests point it at the loopback mock). */
  baseUrlOverride?: string;
}

const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }) })).min(1),
  usage: z.object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional(), total_tokens: z.number().optional() }).optional(),
});
/** OpenAI's error body (Azure OpenAI, vLLM and Ollama's compatible API use the same). */
const errorBody = z.object({ error: z.union([z.object({ message: z.string(), type: z.string().nullable().optional(), code: z.union([z.string(), z.number()]).nullable().optional() }), z.string()]) });

/** Azure OpenAI takes its key in an `api-key` header; everything else a Bearer token. */
function isAzureOpenAI(url: string): boolean {
  try {
    return /\.(openai\.azure\.com|cognitiveservices\.azure\.com|services\.ai\.azure\.com)$/i.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * An OpenAI-compatible chat-completions model that reads the sermon (decision 033): each line is
 * sent with the sermon's previous lines and the line's glossary terms in its instructions, and ONE
 * request asks for every language as a structured answer (a JSON schema; `json_object` where a
 * server supports only that). Every answer is validated (model-answer.ts); an invalid one throws
 * `bad_answer`, so the church's other engine translates the line.
 */
export class OpenAITranslator implements Translator {
  readonly kind = 'openai' as const;
  private readonly base: string;
  /** The server refused `json_schema` once: ask it for `json_object` from then on. */
  private schemaUnsupported = false;

  constructor(private readonly opts: OpenAITranslatorOptions) {
    this.base = withoutTrailingSlash(opts.baseUrlOverride ?? opts.url);
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.opts.key) {
      if (isAzureOpenAI(this.opts.url)) headers['api-key'] = this.opts.key;
      else headers.Authorization = `Bearer ${this.opts.key}`;
    }
    return headers;
  }

  async translate(text: string, from: string, to: string[], options: TranslateOptions = {}): Promise<Record<string, string>> {
    const targets = [...new Set(to.filter((code) => code !== from))];
    if (targets.length === 0 || text.trim() === '') return Object.fromEntries(targets.map((code) => [code, text]));
    const html = options.textType === 'html';
    const messages = [
      { role: 'system', content: systemPrompt(from, targets, html, options.glossary ?? [], options.context ?? []) },
      { role: 'user', content: text },
    ];
    const ask = (schema: boolean) => {
      const body = JSON.stringify({
        model: this.opts.model,
        messages,
        response_format: schema
          ? { type: 'json_schema', json_schema: { name: 'translations', strict: true, schema: answerSchema(targets) } }
          : { type: 'json_object' },
      });
      return callEngine('The model', `${this.base}/chat/completions`, () => ({ method: 'POST', headers: this.headers(), body }), options.purpose, this.opts, readOpenAIError);
    };

    let answer: unknown;
    try {
      answer = await ask(!this.schemaUnsupported);
    } catch (err) {
      // Servers that do not know structured outputs refuse the schema with a 400. The reply's words
      // are not read (decision 041: a remote answer's text is never trusted or shown), so any 400 to
      // a schema is tried once as a plain JSON object, and remembered only when that is accepted.
      if (this.schemaUnsupported || !(err instanceof TranslationError) || err.status !== 400) throw err;
      answer = await ask(false);
      this.schemaUnsupported = true;
    }
    const parsed = completion.safeParse(answer);
    if (!parsed.success) throw badAnswer('The model');
    // Billed whether or not the answer is usable: an invalid answer costs its tokens too.
    const usage = parsed.data.usage;
    const tokens = usage?.total_tokens ?? ((usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0));
    // A server that reports no usage: about four characters a token, prompt and answer together.
    options.onUsage?.(tokens > 0 ? tokens : Math.ceil((messages[0]!.content.length + text.length * (1 + targets.length)) / 4));
    const message = parsed.data.choices[0]!.message;
    if (message.refusal) throw badAnswer('The model', `a refusal (${message.refusal})`);
    const read = readModelAnswer(message.content ?? '', text, from, targets, html);
    if (!read.ok) throw badAnswer('The model', read.why);
    return read.byLanguage;
  }
}

function readOpenAIError(body: unknown, status: number) {
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) return undefined;
  const error = parsed.data.error;
  if (typeof error === 'string') return { message: error };
  const code = String(error.code ?? '');
  // OpenAI answers a used-up balance with 429 `insufficient_quota`: waiting does not help.
  const kind = code === 'insufficient_quota' ? ('quota' as const) : code === 'invalid_api_key' ? ('auth' as const) : undefined;
  return { message: error.message, kind: kind ?? (status === 404 && /model/i.test(error.message) ? ('refused' as const) : undefined) };
}

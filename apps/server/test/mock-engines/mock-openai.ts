import { ApiError, mockTranslation, startLoopback, type Loopback, type LoopbackOptions, type RecordedRequest } from './loopback';

/**
 * An OpenAI-compatible chat-completions server on loopback, from OpenAI's public API reference:
 * `POST /v1/chat/completions` with `{ model, messages, response_format }` answering
 * `{ id, object: 'chat.completion', model, choices: [{ index, message: { role, content }, finish_reason }], usage }`.
 * Auth `Authorization: Bearer KEY` (401 `invalid_api_key`), an unknown model 404 `model_not_found`,
 * 429 `rate_limit_exceeded` with Retry-After; errors as `{ error: { message, type, param, code } }`.
 * Its "model" translates as the other mocks do: the target codes come from the JSON schema's
 * required keys, or (json_object mode) from the instructions; tests can script the next answers
 * (a language left out, commentary, the source echoed) and turn off json_schema support.
 */

export const MOCK_OPENAI_KEY = 'sk-mock-openai-0001';
export const MOCK_OPENAI_MODEL = 'gpt-mock-mini';

export type ScriptedAnswer = (targets: string[], line: string) => string;

export interface MockOpenAI extends Loopback {
  /** The base URL a client is given (…/v1). */
  baseUrl: string;
  /** The next completions answer with these contents instead of the mock's translation. */
  answerNext(...answers: ScriptedAnswer[]): void;
  /** Tokens reported in `usage` so far. */
  tokens(): number;
}

const errorTypes: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null }, 401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  404: { type: 'invalid_request_error', code: 'model_not_found' }, 429: { type: 'requests', code: 'rate_limit_exceeded' },
  500: { type: 'server_error', code: null }, 503: { type: 'server_error', code: null },
};
const words: Record<number, string> = {
  401: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
  429: 'Rate limit reached for requests. Please try again in 1s.',
  500: 'The server had an error while processing your request. Sorry about that!',
  503: 'The engine is currently overloaded, please try again later',
};

/** Target codes named in the instructions: "…into each of these languages: pt (Portuguese), es (Spanish)." */
function targetsFromInstructions(system: string): string[] {
  const line = /languages: ([^\n]*)/.exec(system)?.[1] ?? '';
  return [...line.matchAll(/([A-Za-z]{2,3}(?:-[A-Za-z]+)?) \(/g)].map((m) => m[1]!);
}

export async function startMockOpenAI(opts: LoopbackOptions & { key?: string | null; models?: string[]; jsonSchema?: boolean } = {}): Promise<MockOpenAI> {
  const key = opts.key === undefined ? MOCK_OPENAI_KEY : opts.key;
  const models = opts.models ?? [MOCK_OPENAI_MODEL];
  const scripted: ScriptedAnswer[] = [];
  let tokens = 0;

  function complete(req: RecordedRequest) {
    if (key !== null && req.headers.authorization !== `Bearer ${key}`) throw new ApiError(401, words[401]!);
    const body = (req.json ?? null) as Record<string, unknown> | null;
    if (!body) throw new ApiError(400, "We could not parse the JSON body of your request.");
    const model = String(body.model ?? '');
    if (!model) throw new ApiError(400, "you must provide a model parameter", { param: 'model' });
    if (!models.includes(model)) throw new ApiError(404, `The model \`${model}\` does not exist or you do not have access to it.`);
    const messages = body.messages as Array<{ role: string; content: string }> | undefined;
    if (!Array.isArray(messages) || messages.length === 0) throw new ApiError(400, "'messages' must contain at least one message", { param: 'messages' });
    const format = body.response_format as { type?: string; json_schema?: { schema?: { required?: string[] } } } | undefined;
    if (format?.type === 'json_schema' && opts.jsonSchema === false) {
      throw new ApiError(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", { param: 'response_format' });
    }
    const system = messages.find((m) => m.role === 'system')?.content ?? '';
    const line = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const targets = format?.type === 'json_schema' ? format.json_schema?.schema?.required ?? [] : targetsFromInstructions(system);
    const html = /notranslate/.test(line);
    const next = scripted.shift();
    const content = next ? next(targets, line) : JSON.stringify(Object.fromEntries(targets.map((t) => [t, mockTranslation(line, t, html)])));
    const prompt = Math.ceil(messages.reduce((n, m) => n + String(m.content).length, 0) / 4);
    const completion = Math.ceil(content.length / 4);
    tokens += prompt + completion;
    return {
      status: 200,
      body: {
        id: `chatcmpl-mock${Date.now()}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      },
    };
  }

  const loopback = await startLoopback({
    route(req) {
      if (req.path === '/v1/chat/completions' && req.method === 'POST') return complete(req);
      throw new ApiError(404, `Invalid URL (${req.method} ${req.path})`);
    },
    errorBody: (status, message, extra) => ({
      error: { message, type: errorTypes[status]?.type ?? 'server_error', param: (extra.param as string | undefined) ?? null, code: errorTypes[status]?.code ?? null },
    }),
    defaultMessage: (status) => words[status] ?? 'Error',
  }, opts);
  const reset = loopback.reset;
  return Object.assign(loopback, {
    baseUrl: `${loopback.url}/v1`,
    answerNext(...answers: ScriptedAnswer[]) { scripted.push(...answers); },
    tokens: () => tokens,
    reset() { reset(); scripted.length = 0; tokens = 0; },
  });
}

import { RECOGNITION_SAMPLE_RATE } from '@app/shared';
import { baseLanguage, limitTerms, RecognitionError, type EngineRules, type OpenOptions, type RecognitionEngine, type RecognitionStream } from './recognizer';
import { closeError, EngineSocket, openEngineSocket, said } from './ws-stream';

export const ASSEMBLYAI_URL = 'wss://streaming.assemblyai.com';

/**
 * What AssemblyAI documents for Universal-Streaming v3 (SPEECH-AND-TRANSLATION.md; decision 043),
 * and how we keep it:
 * - chunks: every binary message 50–1,000 ms of audio, else an error and a close 3007 "Input
 *   Duration Violation" (a 20 ms chunk is refused): the feed re-frames into 50–1,000 ms;
 * - pace: no faster than about real time (the older realtime API closed with 4029 "Client sent
 *   audio too fast", assemblyai.com/docs/api-reference/real-time): a replay goes 1 s at once, then
 *   1.25 × real time, so it catches up (5 s behind: caught up in about 20 s) without a burst;
 * - idle: the older API closed a silent session with 4031 "Session idle for too long"; v3 takes an
 *   `inactivity_timeout`: we send silence in a pause (counted as audio, billed either way);
 * - boosted words: `keyterms_prompt`, about 100 terms of at most 50 characters;
 * - errors: a bad or missing key is an error and a close 1008 (v2: 4001 "Not Authorized"); 4002
 *   insufficient funds, 4003 a paid feature on a free account; 4029 too fast; 4102 too many
 *   streams; 3006 a malformed message; 3007 a chunk out of bounds. It bills while the socket is open.
 */
export const ASSEMBLYAI_RULES: EngineRules = {
  minChunkMs: 50, maxChunkMs: 1000, pace: { rate: 1.25, burstMs: 1000 }, idleCloseMs: null, keepAlive: 'silence', maxTerms: 100, maxTermChars: 50,
};

/** AssemblyAI's codes, in a close or an error frame (see ASSEMBLYAI_RULES). */
export function assemblyCode(code: number | undefined, reason: string): RecognitionError | null {
  const words = said(reason);
  if (code === 1008 || code === 4001 || /not authori[sz]ed|unauthori[sz]ed|invalid api key|authentication/i.test(reason)) return new RecognitionError(`AssemblyAI refused the key${words}`, 401, 'auth');
  if (code === 4002 || code === 4003 || /insufficient funds|credit card/i.test(reason)) return new RecognitionError(`AssemblyAI's account is out of credit${words}`, 402, 'quota');
  if (code === 4029 || code === 4102 || /too fast|too many streams/i.test(reason)) return new RecognitionError(`AssemblyAI limited the stream${words}`, 429, 'rate_limited');
  if (code === 3006 || code === 3007 || code === 4101 || /duration violation|invalid schema|malformed/i.test(reason)) return new RecognitionError(`AssemblyAI refused the audio${words}`, undefined, 'refused');
  return null;
}

const assemblyClose = (code: number, reason: string) => assemblyCode(code, reason) ?? closeError(code, reason);
/** Languages of the multilingual streaming model; English has its own model. */
const MULTILINGUAL = new Set(['es', 'pt', 'fr', 'de', 'it']);

interface Turn {
  type: string;
  transcript?: string;
  end_of_turn?: boolean;
  words?: { start?: number; end?: number }[];
  error?: string;
  code?: number;
  error_code?: number;
}

/**
 * AssemblyAI Universal-Streaming v3: binary PCM in 50–1,000 ms chunks (the session's feed), `Turn` messages (final at
 * `end_of_turn`), `Terminate` at the end (decision 038). It is billed while the socket is open.
 */
export class AssemblyAIRecognizer implements RecognitionEngine {
  readonly kind = 'assemblyai' as const;
  readonly rules = ASSEMBLYAI_RULES;
  constructor(private readonly options: { key: string; baseUrlOverride?: string }) {}

  async open({ language, terms, handlers, connectTimeoutMs }: OpenOptions): Promise<RecognitionStream> {
    const lang = baseLanguage(language);
    const sent = limitTerms(terms, ASSEMBLYAI_RULES.maxTerms, ASSEMBLYAI_RULES.maxTermChars);
    const query = new URLSearchParams({
      sample_rate: String(RECOGNITION_SAMPLE_RATE), encoding: 'pcm_s16le',
      speech_model: MULTILINGUAL.has(lang) ? 'universal-streaming-multilingual' : 'universal-streaming-english',
    });
    if (sent.length > 0) query.set('keyterms_prompt', JSON.stringify(sent));
    const base = (this.options.baseUrlOverride ?? ASSEMBLYAI_URL).replace(/^http/, 'ws').replace(/\/+$/, '');
    const ws = await openEngineSocket(`${base}/v3/ws?${query}`, { Authorization: this.options.key }, connectTimeoutMs);
    const socket = new EngineSocket(ws, handlers.onFailure, (raw) => {
      const m = raw as Turn;
      if (m.type === 'Error' || m.error) {
        const text = m.error ?? 'AssemblyAI reported an error';
        throw assemblyCode(m.error_code ?? m.code, text) ?? new RecognitionError(`AssemblyAI: ${text}`, undefined, 'server');
      }
      if (m.type !== 'Turn') return;
      const text = m.transcript?.trim() ?? '';
      if (!text) return;
      const final = m.end_of_turn === true;
      const lastEnd = m.words?.at(-1)?.end;
      // The first word's start (ms of the stream): the line's start (decision 044).
      const start = m.words?.[0]?.start;
      // Interim text too: where its last word ended, what a failover replays from (the words before it are shown).
      const endMs = final ? lastEnd ?? 0 : lastEnd || undefined;
      handlers.onResult({ text, final, ...(endMs !== undefined ? { endMs } : {}), ...(typeof start === 'number' ? { startMs: start } : {}) });
    }, assemblyClose);
    return {
      termsSent: sent.length,
      send: (pcm) => socket.sendBinary(pcm),
      // Silence is the keep-alive (rules.keepAlive): the session sends it as audio, counted in the stream's time.
      keepAlive: () => undefined,
      finish: () => socket.finish({ type: 'Terminate' }),
      close: () => socket.close(),
    };
  }
}

import { RECOGNITION_SAMPLE_RATE } from '@app/shared';
import { baseLanguage, limitTerms, RecognitionError, type OpenOptions, type RecognitionEngine, type RecognitionStream } from './recognizer';
import { EngineSocket, openEngineSocket } from './ws-stream';

export const ASSEMBLYAI_URL = 'wss://streaming.assemblyai.com';
/** keyterms_prompt: about 100 terms of at most 50 characters (SPEECH-AND-TRANSLATION.md). */
const MAX_TERMS = 100;
const MAX_TERM_CHARS = 50;
/** Languages of the multilingual streaming model; English has its own model. */
const MULTILINGUAL = new Set(['es', 'pt', 'fr', 'de', 'it']);
/** AssemblyAI closes a stream that gets no audio for a while: silence is sent in a pause. */
const SILENCE = Buffer.alloc(RECOGNITION_SAMPLE_RATE * 2 / 10);

interface Turn {
  type: string;
  transcript?: string;
  end_of_turn?: boolean;
  words?: { end?: number }[];
  error?: string;
}

/**
 * AssemblyAI Universal-Streaming v3: binary PCM in 50–100 ms chunks, `Turn` messages (final at
 * `end_of_turn`), `Terminate` at the end (decision 038). It is billed while the socket is open.
 */
export class AssemblyAIRecognizer implements RecognitionEngine {
  readonly kind = 'assemblyai' as const;
  constructor(private readonly options: { key: string; baseUrlOverride?: string }) {}

  async open({ language, terms, handlers, connectTimeoutMs }: OpenOptions): Promise<RecognitionStream> {
    const lang = baseLanguage(language);
    const sent = limitTerms(terms, MAX_TERMS, MAX_TERM_CHARS);
    const query = new URLSearchParams({
      sample_rate: String(RECOGNITION_SAMPLE_RATE), encoding: 'pcm_s16le',
      speech_model: MULTILINGUAL.has(lang) ? 'universal-streaming-multilingual' : 'universal-streaming-english',
    });
    if (sent.length > 0) query.set('keyterms_prompt', JSON.stringify(sent));
    const base = (this.options.baseUrlOverride ?? ASSEMBLYAI_URL).replace(/^http/, 'ws').replace(/\/+$/, '');
    const ws = await openEngineSocket(`${base}/v3/ws?${query}`, { Authorization: this.options.key }, connectTimeoutMs);
    const socket = new EngineSocket(ws, handlers.onFailure, (raw) => {
      const m = raw as Turn;
      if (m.type === 'Error' || m.error) throw new RecognitionError(m.error ?? 'The engine reported an error', undefined, 'server');
      if (m.type !== 'Turn') return;
      const text = m.transcript?.trim() ?? '';
      if (!text) return;
      const final = m.end_of_turn === true;
      const lastEnd = m.words?.at(-1)?.end;
      handlers.onResult({ text, final, ...(final ? { endMs: lastEnd ?? 0 } : {}) });
    });
    return {
      termsSent: sent.length,
      send: (pcm) => socket.sendBinary(pcm),
      keepAlive: () => socket.sendBinary(SILENCE),
      finish: () => socket.finish({ type: 'Terminate' }),
      close: () => socket.close(),
    };
  }
}

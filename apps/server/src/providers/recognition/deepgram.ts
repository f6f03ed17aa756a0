import { RECOGNITION_SAMPLE_RATE } from '@app/shared';
import { baseLanguage, limitTerms, type OpenOptions, type RecognitionEngine, type RecognitionStream } from './recognizer';
import { EngineSocket, openEngineSocket } from './ws-stream';

export const DEEPGRAM_URL = 'wss://api.deepgram.com';
/** Deepgram takes about 100 key terms (SPEECH-AND-TRANSLATION.md); the URL stays well under its limits. */
const MAX_TERMS = 100;
const MAX_TERM_CHARS = 50;

interface DeepgramResults {
  type: string;
  is_final?: boolean;
  start?: number;
  duration?: number;
  channel?: { alternatives?: { transcript?: string }[] };
  description?: string;
  message?: string;
}

/**
 * Deepgram live streaming (Nova-3): binary PCM frames in, `Results` out (interim until `is_final`),
 * `KeepAlive` through silences, `CloseStream` at the end (decision 038).
 */
export class DeepgramRecognizer implements RecognitionEngine {
  readonly kind = 'deepgram' as const;
  constructor(private readonly options: { key: string; baseUrlOverride?: string }) {}

  async open({ language, terms, handlers, connectTimeoutMs }: OpenOptions): Promise<RecognitionStream> {
    const sent = limitTerms(terms, MAX_TERMS, MAX_TERM_CHARS);
    const query = new URLSearchParams({
      model: 'nova-3', language: baseLanguage(language), encoding: 'linear16', sample_rate: String(RECOGNITION_SAMPLE_RATE),
      channels: '1', interim_results: 'true', smart_format: 'true', punctuate: 'true',
    });
    for (const term of sent) query.append('keyterm', term);
    const base = (this.options.baseUrlOverride ?? DEEPGRAM_URL).replace(/^http/, 'ws').replace(/\/+$/, '');
    const ws = await openEngineSocket(`${base}/v1/listen?${query}`, { Authorization: `Token ${this.options.key}` }, connectTimeoutMs);
    const socket = new EngineSocket(ws, handlers.onFailure, (raw) => {
      const m = raw as DeepgramResults;
      if (m.type !== 'Results') return;
      const text = m.channel?.alternatives?.[0]?.transcript?.trim() ?? '';
      if (!text) return;
      const final = m.is_final === true;
      handlers.onResult({ text, final, ...(final ? { endMs: Math.round(((m.start ?? 0) + (m.duration ?? 0)) * 1000) } : {}) });
    });
    return {
      termsSent: sent.length,
      send: (pcm) => socket.sendBinary(pcm),
      keepAlive: () => socket.sendJson({ type: 'KeepAlive' }),
      finish: () => socket.finish({ type: 'CloseStream' }),
      close: () => socket.close(),
    };
  }
}

import { RECOGNITION_SAMPLE_RATE } from '@app/shared';
import { baseLanguage, limitTerms, RecognitionError, type EngineRules, type OpenOptions, type RecognitionEngine, type RecognitionStream } from './recognizer';
import { closeError, EngineSocket, openEngineSocket, said } from './ws-stream';

export const DEEPGRAM_URL = 'wss://api.deepgram.com';

/**
 * What Deepgram documents for live streaming (decision 043), and how we keep it:
 * - chunks: any size is taken; Deepgram recommends 20–250 ms per message (its answer in
 *   github.com/orgs/deepgram/discussions/224): we send 20–250 ms;
 * - pace: it documents no cap on audio sent faster than real time (a replay goes at once);
 * - idle: "If no audio data or KeepAlive messages are sent within a 10-second window, the
 *   connection will close with a NET-0001 error"; send `{"type":"KeepAlive"}` as a text frame every
 *   3–5 s (developers.deepgram.com/docs/audio-keep-alive): the session sends it after 3 s;
 * - boosted words: `keyterm` repeated, about 100 terms (SPEECH-AND-TRANSLATION.md), 50 characters each;
 * - errors: a refused upgrade answers HTTP 400 (bad parameters), 401 INVALID_AUTH (the key), 402
 *   (credit), 403 (the key's permissions), 429 (too many streams); once open, a close frame with a
 *   standard code and a reason (developers.deepgram.com/changelog/2021/3/3): 1008 DATA-0000 (audio
 *   it could not decode: ours to fix, reopened), 1011 NET-0000/NET-0001 (its side or idle: reopened).
 */
export const DEEPGRAM_RULES: EngineRules = {
  minChunkMs: 20, maxChunkMs: 250, pace: null, idleCloseMs: 10_000, keepAlive: 'message', maxTerms: 100, maxTermChars: 50,
};

/** Deepgram's close codes (see DEEPGRAM_RULES). */
export function deepgramClose(code: number, reason: string): RecognitionError {
  if (code === 1008 || /DATA-/.test(reason)) return new RecognitionError(`Deepgram could not read the audio${said(reason)}`, undefined, 'refused');
  if (code === 1011 || /NET-/.test(reason)) return new RecognitionError(`Deepgram closed the stream${said(reason)}`, undefined, 'server');
  return closeError(code, reason);
}

interface DeepgramResults {
  type: string;
  is_final?: boolean;
  start?: number;
  duration?: number;
  channel?: { alternatives?: { transcript?: string; words?: { start?: number; end?: number }[] }[] };
  description?: string;
  message?: string;
}

/**
 * Deepgram live streaming (Nova-3): binary PCM frames in, `Results` out (interim until `is_final`),
 * `KeepAlive` through silences, `CloseStream` at the end (decision 038).
 */
export class DeepgramRecognizer implements RecognitionEngine {
  readonly kind = 'deepgram' as const;
  readonly rules = DEEPGRAM_RULES;
  constructor(private readonly options: { key: string; baseUrlOverride?: string }) {}

  async open({ language, terms, handlers, connectTimeoutMs }: OpenOptions): Promise<RecognitionStream> {
    const sent = limitTerms(terms, DEEPGRAM_RULES.maxTerms, DEEPGRAM_RULES.maxTermChars);
    const query = new URLSearchParams({
      model: 'nova-3', language: baseLanguage(language), encoding: 'linear16', sample_rate: String(RECOGNITION_SAMPLE_RATE),
      channels: '1', interim_results: 'true', smart_format: 'true', punctuate: 'true',
    });
    for (const term of sent) query.append('keyterm', term);
    const base = (this.options.baseUrlOverride ?? DEEPGRAM_URL).replace(/^http/, 'ws').replace(/\/+$/, '');
    const ws = await openEngineSocket(`${base}/v1/listen?${query}`, { Authorization: `Token ${this.options.key}` }, connectTimeoutMs);
    const socket = new EngineSocket(ws, handlers.onFailure, (raw) => {
      const m = raw as DeepgramResults;
      if (m.type === 'Error') throw new RecognitionError(`Deepgram: ${m.description ?? m.message ?? 'an error'}`, undefined, /auth|credential|key/i.test(`${m.description} ${m.message}`) ? 'auth' : 'server');
      if (m.type !== 'Results') return;
      const text = m.channel?.alternatives?.[0]?.transcript?.trim() ?? '';
      if (!text) return;
      const final = m.is_final === true;
      // The first word's start (seconds of the stream), else the result's window: the line's start (decision 044).
      const start = m.channel?.alternatives?.[0]?.words?.[0]?.start ?? m.start;
      // Interim text: where its last word ended, what a failover replays from (the words before it are shown).
      const lastEnd = m.channel?.alternatives?.[0]?.words?.at(-1)?.end;
      const end = final ? (m.start ?? 0) + (m.duration ?? 0) : lastEnd;
      handlers.onResult({
        text, final, ...(typeof end === 'number' ? { endMs: Math.round(end * 1000) } : {}),
        ...(typeof start === 'number' ? { startMs: Math.round(start * 1000) } : {}),
      });
    }, deepgramClose);
    return {
      termsSent: sent.length,
      send: (pcm) => socket.sendBinary(pcm),
      keepAlive: () => socket.sendJson({ type: 'KeepAlive' }),
      finish: () => socket.finish({ type: 'CloseStream' }),
      close: () => socket.close(),
    };
  }
}

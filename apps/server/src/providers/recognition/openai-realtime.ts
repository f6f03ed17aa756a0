import type { ClientOptions } from 'ws';
import { baseLanguage, limitTerms, RecognitionError, type EngineRules, type OpenOptions, type RecognitionEngine, type RecognitionStream } from './recognizer';
import { closeError, EngineSocket, openEngineSocket } from './ws-stream';

/** The prompt that carries boosted words: a short list the model reads as likely spellings. */
const MAX_PROMPT_CHARS = 800;

/**
 * What the OpenAI realtime API documents for transcription (decision 043), and how we keep it (a
 * self-hosted server speaking it may be stricter; these are the reference's):
 * - chunks: `input_audio_buffer.append` may carry "up to a maximum of 15 MiB" of base64 audio,
 *   smaller chunks let its VAD answer sooner (the reference's RealtimeClientEventInputAudioBufferAppend):
 *   we send 20–1,000 ms;
 * - pace: none documented (a replay goes at once);
 * - idle: none documented for an open socket (nothing is sent in a pause);
 * - boosted words: none as such; a `prompt` of likely spellings, kept to 800 characters;
 * - errors: a refused upgrade 401 (the key); once open, an `error` event whose `error.code` says
 *   what: `invalid_api_key` the key, `insufficient_quota` the account, `rate_limit_exceeded` too many;
 *   anything else its side (the stream reopened).
 */
export const OPENAI_REALTIME_RULES: EngineRules = {
  minChunkMs: 20, maxChunkMs: 1000, pace: null, idleCloseMs: null, keepAlive: 'none', maxTerms: 100, maxTermChars: 50,
};

/** An `error` event by its code (see OPENAI_REALTIME_RULES). */
export function realtimeError(error: RealtimeEvent['error']): RecognitionError {
  const code = error?.code ?? '';
  const message = error?.message ?? 'The engine reported an error';
  if (code === 'invalid_api_key' || /api key|unauthori[sz]ed|authentication/i.test(message)) return new RecognitionError(message, 401, 'auth');
  if (code === 'insufficient_quota') return new RecognitionError(message, 402, 'quota');
  if (code === 'rate_limit_exceeded') return new RecognitionError(message, 429, 'rate_limited');
  return new RecognitionError(message, undefined, 'server');
}
const DEFAULT_MODEL = 'gpt-4o-transcribe';

export interface RealtimeEvent {
  type: string;
  item_id?: string;
  delta?: string;
  text?: string;
  transcript?: string;
  audio_end_ms?: number;
  audio_start_ms?: number;
  error?: { message?: string; code?: string; type?: string };
}

/**
 * 16 kHz PCM16 to the 24 kHz the realtime API takes (linear interpolation: speech keeps its
 * words; the engine low-passes anyway).
 */
export function to24k(pcm: Buffer): Buffer {
  const inSamples = pcm.length >> 1;
  const outSamples = Math.floor(inSamples * 3 / 2);
  const out = Buffer.alloc(outSamples * 2);
  for (let i = 0; i < outSamples; i++) {
    const pos = (i * 2) / 3;
    const j = Math.floor(pos);
    const a = pcm.readInt16LE(j * 2);
    const b = j + 1 < inSamples ? pcm.readInt16LE((j + 1) * 2) : a;
    out.writeInt16LE(Math.round(a + (b - a) * (pos - j)), i * 2);
  }
  return out;
}

/**
 * An OpenAI-compatible realtime transcription endpoint (`/v1/realtime?intent=transcription`):
 * OpenAI, or a self-hosted server such as speaches or NVIDIA Riva at the church's address. Audio
 * goes as base64 PCM16 24 kHz `input_audio_buffer.append`; text comes as `…transcription.delta`
 * and `.completed`, whose field names changed between versions (both are read) (decision 038).
 */
export class OpenAIRealtimeRecognizer implements RecognitionEngine {
  readonly kind = 'openai-realtime' as const;
  readonly rules = OPENAI_REALTIME_RULES;
  /** `guard`: the outbound client's checks for the church's own address (decision 041). */
  constructor(private readonly options: { url: string; model?: string | null; key?: string | null; baseUrlOverride?: string; guard?: (url: string) => ClientOptions }) {}

  async open({ language, terms, handlers, connectTimeoutMs }: OpenOptions): Promise<RecognitionStream> {
    const sent = limitTerms(terms, OPENAI_REALTIME_RULES.maxTerms, OPENAI_REALTIME_RULES.maxTermChars, MAX_PROMPT_CHARS);
    const base = (this.options.baseUrlOverride ?? this.options.url).replace(/^http/, 'ws').replace(/\/+$/, '').replace(/\/v1$/, '');
    const headers: Record<string, string> = { 'OpenAI-Beta': 'realtime=v1' };
    if (this.options.key) headers.Authorization = `Bearer ${this.options.key}`;
    const ws = await openEngineSocket(`${base}/v1/realtime?intent=transcription`, headers, connectTimeoutMs, this.options.guard);
    // Interim text is the deltas of the phrase being said; its end comes with speech_stopped.
    const said = new Map<string, string>();
    const endOf = new Map<string, number>();
    // Where the server's voice detection heard the phrase begin: the line's start (decision 044).
    const startOf = new Map<string, number>();
    const socket = new EngineSocket(ws, handlers.onFailure, (raw) => {
      const m = raw as RealtimeEvent;
      const id = m.item_id ?? '';
      switch (m.type) {
        case 'error':
          throw realtimeError(m.error);
        case 'input_audio_buffer.speech_started':
          if (typeof m.audio_start_ms === 'number') startOf.set(id, m.audio_start_ms);
          return;
        case 'input_audio_buffer.speech_stopped':
        case 'input_audio_buffer.committed':
          if (typeof m.audio_end_ms === 'number') endOf.set(id, m.audio_end_ms);
          return;
        case 'conversation.item.input_audio_transcription.delta': {
          const text = `${said.get(id) ?? ''}${m.delta ?? m.text ?? ''}`;
          said.set(id, text);
          const startMs = startOf.get(id);
          if (text.trim()) handlers.onResult({ text: text.trim(), final: false, ...(startMs !== undefined ? { startMs } : {}) });
          return;
        }
        case 'conversation.item.input_audio_transcription.completed': {
          const text = (m.transcript ?? m.text ?? said.get(id) ?? '').trim();
          said.delete(id);
          const endMs = endOf.get(id) ?? m.audio_end_ms ?? 0;
          const startMs = startOf.get(id);
          endOf.delete(id);
          startOf.delete(id);
          if (text) handlers.onResult({ text, final: true, endMs, ...(startMs !== undefined ? { startMs } : {}) });
          return;
        }
      }
    }, closeError);
    const transcription = {
      model: this.options.model || DEFAULT_MODEL,
      language: baseLanguage(language),
      ...(sent.length > 0 ? { prompt: sent.join(', ') } : {}),
    };
    socket.sendJson({
      type: 'transcription_session.update',
      session: { input_audio_format: 'pcm16', input_audio_transcription: transcription, turn_detection: { type: 'server_vad', silence_duration_ms: 500 } },
    });
    return {
      termsSent: sent.length,
      send: (pcm) => socket.sendJson({ type: 'input_audio_buffer.append', audio: to24k(pcm).toString('base64') }),
      // The realtime API keeps an idle socket open; nothing to send.
      keepAlive: () => undefined,
      finish: async () => {
        socket.sendJson({ type: 'input_audio_buffer.commit' });
        // The last phrase's completed event may take a moment; then the socket is closed.
        await new Promise((resolve) => setTimeout(resolve, 500));
        socket.close();
      },
      close: () => socket.close(),
    };
  }
}

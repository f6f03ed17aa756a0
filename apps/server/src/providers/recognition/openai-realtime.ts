import { baseLanguage, limitTerms, RecognitionError, type OpenOptions, type RecognitionEngine, type RecognitionStream } from './recognizer';
import { EngineSocket, openEngineSocket } from './ws-stream';

/** The prompt that carries boosted words: a short list the model reads as likely spellings. */
const MAX_PROMPT_CHARS = 800;
const DEFAULT_MODEL = 'gpt-4o-transcribe';

interface RealtimeEvent {
  type: string;
  item_id?: string;
  delta?: string;
  text?: string;
  transcript?: string;
  audio_end_ms?: number;
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
  constructor(private readonly options: { url: string; model?: string | null; key?: string | null; baseUrlOverride?: string }) {}

  async open({ language, terms, handlers, connectTimeoutMs }: OpenOptions): Promise<RecognitionStream> {
    const sent = limitTerms(terms, 100, 50, MAX_PROMPT_CHARS);
    const base = (this.options.baseUrlOverride ?? this.options.url).replace(/^http/, 'ws').replace(/\/+$/, '').replace(/\/v1$/, '');
    const headers: Record<string, string> = { 'OpenAI-Beta': 'realtime=v1' };
    if (this.options.key) headers.Authorization = `Bearer ${this.options.key}`;
    const ws = await openEngineSocket(`${base}/v1/realtime?intent=transcription`, headers, connectTimeoutMs);
    // Interim text is the deltas of the phrase being said; its end comes with speech_stopped.
    const said = new Map<string, string>();
    const endOf = new Map<string, number>();
    const socket = new EngineSocket(ws, handlers.onFailure, (raw) => {
      const m = raw as RealtimeEvent;
      const id = m.item_id ?? '';
      switch (m.type) {
        case 'error':
          throw new RecognitionError(m.error?.message ?? 'The engine reported an error', m.error?.code === 'invalid_api_key' ? 401 : undefined, m.error?.code === 'invalid_api_key' ? 'auth' : 'server');
        case 'input_audio_buffer.speech_stopped':
        case 'input_audio_buffer.committed':
          if (typeof m.audio_end_ms === 'number') endOf.set(id, m.audio_end_ms);
          return;
        case 'conversation.item.input_audio_transcription.delta': {
          const text = `${said.get(id) ?? ''}${m.delta ?? m.text ?? ''}`;
          said.set(id, text);
          if (text.trim()) handlers.onResult({ text: text.trim(), final: false });
          return;
        }
        case 'conversation.item.input_audio_transcription.completed': {
          const text = (m.transcript ?? m.text ?? said.get(id) ?? '').trim();
          said.delete(id);
          const endMs = endOf.get(id) ?? m.audio_end_ms ?? 0;
          endOf.delete(id);
          if (text) handlers.onResult({ text, final: true, endMs });
          return;
        }
      }
    });
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

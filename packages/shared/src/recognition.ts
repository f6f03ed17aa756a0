import { z } from 'zod';
import { engineSlots, translatorKinds } from './translation-engine-kinds';
import { saveSlotEngineBody, slotEngineHealth, slotEngineParams, slotEngineSettings, testSlotEngineBody } from './engine-slots';
import { engineError, serverUrlField } from './translation-engines';
import { secretField } from './church-settings';
import { msg } from './validation';
import { MAX_SEGMENT_CHARS } from './live-events';

/**
 * Speech recognition engines a church can choose (decision 038). Deepgram, AssemblyAI, an
 * OpenAI-compatible realtime transcription server and Azure Speech on the server (`azure-server`,
 * the church's speech key) are called by the server with audio the speaker's page streams over the
 * live socket; `azure` listens in the speaker's browser with a short-lived token (the church's
 * speech key, as before). A church with none uses the browser's own recogniser.
 *
 * Endpoints (under /api/v1, church:edit — platform admins any church, church admins their own;
 * another church answers 404):
 *   GET    /churches/:id/recognition-engines          → recognitionEnginesResponse
 *   PUT    /churches/:id/recognition-engines/:slot    saveRecognitionEngineBody → recognitionEnginesResponse
 *   DELETE /churches/:id/recognition-engines/:slot    → recognitionEnginesResponse
 *   POST   /churches/:id/recognition-engines/test     testRecognitionEngineBody → recognitionTestResult
 *   GET    /speech/recognition?churchId=              → speakerRecognition (sermons:go-live)
 *
 * Live socket (namespace /live), speaker only:
 *   `speaker:audio-start` { sermonId } → ack { engine, slot } or `recognition_unavailable`
 *   `speaker:audio` { sermonId, seq, audio: binary PCM16 LE, 16 kHz mono, ≤ 0.5 s } (no ack;
 *     refusals come as `live:error`: `forbidden`, `too_large`, `invalid_payload`, `too_fast`)
 *   `speaker:audio-stop` { sermonId }
 *   server → speaker `speaker:recognition` { sermonId, engine, slot, state, interim?, heard? }
 */
export const recognitionEngineKinds = ['deepgram', 'assemblyai', 'openai-realtime', 'azure-server', 'azure'] as const;
export type RecognitionEngineKind = (typeof recognitionEngineKinds)[number];
/** Engines the server streams to (`azure` runs in the speaker's browser). */
export const serverRecognitionKinds = ['deepgram', 'assemblyai', 'openai-realtime', 'azure-server'] as const;
export type ServerRecognitionKind = (typeof serverRecognitionKinds)[number];

/** The audio the speaker's page sends: PCM16 little-endian, mono, 16 kHz. */
export const RECOGNITION_SAMPLE_RATE = 16_000;
/**
 * Silence that ends a phrase for Azure Speech, in the browser and on the server: shorter gives
 * listeners the final text sooner (the latency that dominates).
 */
export const AZURE_SEGMENTATION_SILENCE_MS = 600;
/** Half a second of audio: the largest frame taken (the page sends 100 ms). */
export const MAX_AUDIO_FRAME_BYTES = RECOGNITION_SAMPLE_RATE * 2 / 2;

const keyField = secretField.optional();
const modelField = z.string().trim().max(120, msg('tooLong')).refine((v) => v === '' || /^[\w.:/@+-]+$/.test(v), msg('engineModelInvalid')).optional();

export const recognitionEngineConfig = z.discriminatedUnion('kind', [
  /** Deepgram live streaming (Nova-3). */
  z.object({ kind: z.literal('deepgram'), key: keyField }),
  /** AssemblyAI Universal-Streaming (v3). */
  z.object({ kind: z.literal('assemblyai'), key: keyField }),
  /** OpenAI's realtime transcription, or a self-hosted server speaking it (speaches, Riva). */
  z.object({ kind: z.literal('openai-realtime'), url: serverUrlField, model: modelField, key: keyField, removeKey: z.boolean().optional() }),
  /** Azure Speech on the server, with the church's speech key and region (Live settings). */
  z.object({ kind: z.literal('azure-server') }),
  /** Azure Speech in the speaker's browser, with the church's speech key (Live settings). */
  z.object({ kind: z.literal('azure') }),
], { error: msg('invalidChoice') });
export type RecognitionEngineConfig = z.infer<typeof recognitionEngineConfig>;
export type RecognitionEngineConfigInput = z.input<typeof recognitionEngineConfig>;

export const recognitionSlotParams = slotEngineParams;
export const saveRecognitionEngineBody = saveSlotEngineBody(recognitionEngineConfig);
export type SaveRecognitionEngineBody = z.input<typeof saveRecognitionEngineBody>;
export const testRecognitionEngineBody = testSlotEngineBody(recognitionEngineConfig);
export type TestRecognitionEngineBody = z.input<typeof testRecognitionEngineBody>;

export const recognitionEngineSettings = slotEngineSettings(recognitionEngineKinds);
export type RecognitionEngineSettings = z.infer<typeof recognitionEngineSettings>;

export const recognitionEngineHealth = slotEngineHealth(recognitionEngineKinds, {
  /** This week: minutes of audio heard, and the times the sermon left this engine for the other. */
  minutesThisWeek: z.number(),
  failuresThisWeek: z.number().int(),
});
export type RecognitionEngineHealth = z.infer<typeof recognitionEngineHealth>;

export const recognitionEnginesResponse = z.object({
  engines: z.array(recognitionEngineSettings),
  health: z.array(recognitionEngineHealth),
});
export type RecognitionEnginesResponse = z.infer<typeof recognitionEnginesResponse>;

export const recognitionTestResult = z.object({
  ok: z.boolean(),
  kind: z.enum(recognitionEngineKinds),
  latencyMs: z.number().int(),
  /** Boosted words the engine was sent (the glossary's most important first). */
  boostedTerms: z.number().int(),
  error: engineError.nullable(),
});
export type RecognitionTestResult = z.infer<typeof recognitionTestResult>;

/** How the speaker's page recognises speech. */
export const speakerRecognition = z.object({
  mode: z.enum(['server', 'azure', 'browser']),
  /** `failing`: its last error is newer than its last success (the speaker is told before going live). */
  engines: z.array(z.object({ slot: z.enum(engineSlots), kind: z.enum(recognitionEngineKinds), failing: z.boolean() })),
  /** What translates the captions (decision 033): 'demo' when the church chose no engine, said plainly to the speaker. */
  translator: z.object({ primary: z.enum(translatorKinds), failover: z.enum(translatorKinds).nullable() }),
});
export type SpeakerRecognition = z.infer<typeof speakerRecognition>;

// --- live socket ---------------------------------------------------------------------------------

export const recognitionEvents = {
  audioStart: 'speaker:audio-start',
  audio: 'speaker:audio',
  audioStop: 'speaker:audio-stop',
  state: 'speaker:recognition',
  /** The browser's own recogniser stands in and hears from `from` (decision 059). */
  standIn: 'speaker:stand-in',
} as const;

export const audioStartPayload = z.object({
  sermonId: z.string().uuid(),
  /**
   * The words the phones have of line `seq`, not finished when the page lost its socket (decision
   * 059): a server that starts hearing the sermon afresh (a restart, a crash) continues that line
   * with them, unless it was stored meanwhile.
   */
  shown: z.object({ seq: z.number().int().min(1), text: z.string().trim().min(1).max(MAX_SEGMENT_CHARS) }).optional(),
});
/**
 * While no engine on the server listens, the page's own recogniser hears the speaker from `from`
 * (epoch ms on the server's clock, as the page reckons it from the offset measured on joining):
 * the audio before it is replayed to the engine that comes back, the audio after it is the page's.
 */
export const standInPayload = z.object({ sermonId: z.string().uuid(), from: z.number().int().positive() });
export const audioFramePayload = z.object({
  sermonId: z.string().uuid(),
  seq: z.number().int().min(0),
  /**
   * When the frame's last sample was captured, epoch ms on the server's clock as the page reckons it
   * (decision 044's offset): a frame held while the socket was away, or sent after a restart, keeps
   * when it was said (decision 059). Checked by the server; optional.
   */
  at: z.number().int().positive().optional(),
  audio: z.instanceof(Uint8Array).refine((a) => a.byteLength > 0 && a.byteLength % 2 === 0, 'PCM16 audio has an even, non-zero length')
    .refine((a) => a.byteLength <= MAX_AUDIO_FRAME_BYTES, { message: 'An audio frame may hold at most half a second', params: { tooBig: true } }),
});
export type AudioFramePayload = z.infer<typeof audioFramePayload>;

export const recognitionStates = ['listening', 'switching', 'failed', 'stopped'] as const;
export interface RecognitionStateEvent {
  sermonId: string;
  engine: ServerRecognitionKind | null;
  slot: (typeof engineSlots)[number] | null;
  state: (typeof recognitionStates)[number];
  /** The words of the phrase being said, as the engine hears them so far, and the line they are (`seq`). */
  interim?: string;
  seq?: number;
  /** A finished phrase the engine heard, sent to listeners as line `seq`. */
  heard?: { seq: number; text: string };
}

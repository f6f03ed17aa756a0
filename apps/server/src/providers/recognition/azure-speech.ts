import {
  AudioConfig, AudioInputStream, AudioStreamFormat, CancellationErrorCode, CancellationReason, Connection, PhraseListGrammar,
  PropertyId, ResultReason, SpeechConfig, SpeechRecognizer, type SpeechRecognitionCanceledEventArgs,
} from 'microsoft-cognitiveservices-speech-sdk';
import { WebsocketMessageAdapter } from 'microsoft-cognitiveservices-speech-sdk/distrib/lib/src/common.browser/WebsocketMessageAdapter.js';
import { AZURE_SEGMENTATION_SILENCE_MS, findListeningLanguage, RECOGNITION_SAMPLE_RATE } from '@app/shared';
import { limitTerms, RecognitionError, type EngineRules, type OpenOptions, type RecognitionEngine, type RecognitionStream } from './recognizer';
import { FINISH_TIMEOUT_MS } from './ws-stream';

/**
 * Node 22 has a global WebSocket, which the SDK prefers to `ws`: it cannot send the key as a header
 * and hides the upgrade's status, so a wrong key would look like an unreachable service. `ws` it is.
 */
WebsocketMessageAdapter.forceNpmWebSocket = true;

/**
 * What Azure Speech documents, through its SDK (decision 038, 043), and how we keep it:
 * - chunks: the SDK reads the push stream and frames the audio itself (any size may be written);
 *   we write 20–1,000 ms;
 * - pace: the SDK sends `SPEECH-TransmitLengthBeforThrottleMs` (5 s) at once, then twice real
 *   time; we raise it to 30 s so a replay (at most the ring's 30 s) is not slowed;
 * - idle: Azure ends a stream that gets no audio: 100 ms of silence in a pause, as audio;
 * - boosted words: a phrase list; long lists are reported to slow it (SPEECH-AND-TRANSLATION.md):
 *   the church's first 100 terms of at most 50 characters;
 * - errors: `canceled` with a CancellationErrorCode (AuthenticationFailure, Forbidden: the key;
 *   TooManyRequests; ServiceTimeout; ConnectionFailure with the upgrade's status): `azureError`.
 */
export const AZURE_RULES: EngineRules = {
  minChunkMs: 20, maxChunkMs: 1000, pace: null, idleCloseMs: null, keepAlive: 'silence', maxTerms: 100, maxTermChars: 50,
};
/** The SDK sends 5 s of audio at once, then twice real time; a failover's replay (up to 30 s) goes at once. */
const UNTHROTTLED_MS = 30_000;
/** Azure's offsets and durations count 100-nanosecond ticks. */
const TICKS_PER_MS = 10_000;

export interface AzureSpeechOptions {
  /** The church's speech key and region (Live settings). */
  key: string;
  region: string;
  /** AZURE_SPEECH_STT_URL: replaces wss://{region}.stt.speech.microsoft.com (tests: the loopback). */
  hostOverride?: string;
}

/**
 * Azure Speech continuous recognition on the server (decision 038), with Microsoft's own SDK in
 * Node (its protocol is Microsoft's, and the SDK is its maintained client): the speaker's PCM goes
 * into a push stream, `recognizing` is interim text, `recognized` final. The SDK's own reconnection
 * is turned off (no retries, a closed connection is a failure): the session's failover decides,
 * and replays what is not final, as for the other engines.
 */
export class AzureSpeechRecognizer implements RecognitionEngine {
  readonly kind = 'azure-server' as const;
  readonly rules = AZURE_RULES;
  constructor(private readonly options: AzureSpeechOptions) {}

  async open({ language, locale, terms, handlers, connectTimeoutMs = 5000 }: OpenOptions): Promise<RecognitionStream> {
    const { key, region, hostOverride } = this.options;
    if (!key || (!region && !hostOverride)) throw new RecognitionError('Add the church\'s Azure speech key and region in Live settings', 401, 'auth');
    const config = hostOverride ? SpeechConfig.fromHost(new URL(hostOverride.replace(/^http/, 'ws')), key) : SpeechConfig.fromSubscription(key, region);
    config.speechRecognitionLanguage = locale ?? findListeningLanguage(language)?.locale ?? language;
    config.setProperty(PropertyId.Speech_SegmentationSilenceTimeoutMs, String(AZURE_SEGMENTATION_SILENCE_MS));
    config.setProperty('SPEECH-Error-MaxRetryCount', '0');
    config.setProperty('SPEECH-TransmitLengthBeforThrottleMs', String(UNTHROTTLED_MS));
    const push = AudioInputStream.createPushStream(AudioStreamFormat.getWaveFormatPCM(RECOGNITION_SAMPLE_RATE, 16, 1));
    const recognizer = new SpeechRecognizer(config, AudioConfig.fromStreamInput(push));
    const sent = limitTerms(terms, AZURE_RULES.maxTerms, AZURE_RULES.maxTermChars);
    // Phrases count from the next connection: set before recognition starts (SPEECH-AND-TRANSLATION.md).
    if (sent.length > 0) PhraseListGrammar.fromRecognizer(recognizer).addPhrases(sent);

    let started = false;
    let ended = false;
    let finishing = false;
    let finished: (() => void) | null = null;
    let opened!: { resolve: () => void; reject: (err: RecognitionError) => void };
    const ready = new Promise<void>((resolve, reject) => (opened = { resolve, reject }));
    const dispose = () => {
      if (ended) return;
      ended = true;
      push.close();
      recognizer.close(undefined, () => undefined);
    };
    const fail = (err: RecognitionError) => {
      if (ended) return;
      dispose();
      if (started) handlers.onFailure(err);
      else opened.reject(err);
    };

    recognizer.sessionStarted = () => {
      started = true;
      opened.resolve();
    };
    recognizer.recognizing = (_r, e) => {
      const text = e.result.text?.trim();
      // The phrase's offset is where its first word began (decision 044).
      // A hypothesis's offset + duration is the audio it covers: where its last word ended.
      if (text && !ended) handlers.onResult({ text, final: false, startMs: Math.round(e.result.offset / TICKS_PER_MS), endMs: Math.round((e.result.offset + e.result.duration) / TICKS_PER_MS) });
    };
    recognizer.recognized = (_r, e) => {
      const text = e.result.text?.trim();
      if (e.result.reason !== ResultReason.RecognizedSpeech || !text || ended) return;
      handlers.onResult({ text, final: true, endMs: Math.round((e.result.offset + e.result.duration) / TICKS_PER_MS), startMs: Math.round(e.result.offset / TICKS_PER_MS) });
    };
    recognizer.canceled = (_r, e) => {
      if (finishing && e.reason === CancellationReason.EndOfStream) return;
      fail(azureError(e));
    };
    recognizer.sessionStopped = () => {
      if (finishing) finished?.();
      else fail(new RecognitionError('Azure Speech ended the stream', undefined, 'server'));
    };
    Connection.fromRecognizer(recognizer).disconnected = () => {
      if (finishing) finished?.();
      else if (started) fail(new RecognitionError('Azure Speech closed the stream', undefined, 'server'));
    };

    const timer = setTimeout(() => fail(new RecognitionError('Azure Speech did not answer in time', undefined, 'timeout')), connectTimeoutMs);
    recognizer.startContinuousRecognitionAsync(undefined, (err) => fail(new RecognitionError(`Azure Speech could not start (${err})`, undefined, 'unreachable')));
    try {
      await ready;
    } finally {
      clearTimeout(timer);
    }

    // Nothing may follow the push stream's end (finishing) or its disposal (ended).
    const write = (pcm: Buffer) => {
      if (!ended && !finishing) push.write(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength) as ArrayBuffer);
    };
    return {
      termsSent: sent.length,
      send: write,
      // Silence is the keep-alive (rules.keepAlive): the session sends it as audio, counted in the stream's time.
      keepAlive: () => undefined,
      // The end of the push stream asks Azure for its last phrase; the session stops after it.
      finish: async () => {
        if (ended) return;
        finishing = true;
        await new Promise<void>((resolve) => {
          const timeout = setTimeout(resolve, FINISH_TIMEOUT_MS);
          finished = () => {
            clearTimeout(timeout);
            resolve();
          };
          push.close();
        });
        dispose();
      },
      close: () => {
        finishing = true;
        dispose();
      },
    };
  }
}

/**
 * A cancellation in words an administrator understands. A refused upgrade reaches the SDK as a
 * failed connection whose details carry the HTTP status (`ws`: "Unexpected server response: 401").
 */
export function azureError(e: Pick<SpeechRecognitionCanceledEventArgs, 'errorCode' | 'errorDetails'>): RecognitionError {
  // The SDK also sends the key in the address's query: never let it into a message.
  const details = (e.errorDetails ?? '').replace(/(subscription-key|authorization)=[^&\s]+/gi, '$1=…').slice(0, 300);
  const status = /Unexpected server response: (\d{3})/.exec(details)?.[1];
  if (e.errorCode === CancellationErrorCode.AuthenticationFailure || e.errorCode === CancellationErrorCode.Forbidden || status === '401' || status === '403') {
    return new RecognitionError('Azure refused the speech key (check the key and its region in Live settings)', Number(status ?? 401), 'auth');
  }
  if (e.errorCode === CancellationErrorCode.TooManyRequests || status === '429') {
    return new RecognitionError('Azure Speech has too many streams open for this key (the free tier allows one)', 429, 'rate_limited');
  }
  if (status) return new RecognitionError(`Azure Speech refused the connection (HTTP ${status})`, Number(status));
  if (e.errorCode === CancellationErrorCode.ServiceTimeout) return new RecognitionError('Azure Speech did not answer in time', undefined, 'timeout');
  if (e.errorCode === CancellationErrorCode.ConnectionFailure) {
    const reason = /Reason:\s*(.+)$/.exec(details)?.[1]?.trim();
    return new RecognitionError(`Azure Speech could not be reached (${reason || 'no connection'})`, undefined, 'unreachable');
  }
  return new RecognitionError(`Azure Speech stopped: ${details || CancellationErrorCode[e.errorCode]}`, undefined, 'server');
}

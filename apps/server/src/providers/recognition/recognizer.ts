import type { EngineErrorKind, ServerRecognitionKind } from '@app/shared';
import { errorKindOf } from '../translation/translator';

/**
 * One streaming recognition engine on the server (decision 038). The live side sends it the
 * speaker's audio (PCM16, 16 kHz mono) and hears back interim and final text, each final with the
 * point in this stream's audio up to which it is final: that is what the failover replays from.
 */
export interface RecognitionResult {
  text: string;
  final: boolean;
  /**
   * Milliseconds of this stream's audio: for a final, up to which its words are final; for interim
   * text, where its last word ended, where the engine times its words. A failover replays from
   * there: the words before it are already on the phones.
   */
  endMs?: number;
  /**
   * Milliseconds of this stream's audio where the phrase's first word began, where the engine times
   * its words: the line's start on the wall clock is read from it (decision 044).
   */
  startMs?: number;
}

export interface StreamHandlers {
  onResult(result: RecognitionResult): void;
  /** The stream failed or closed without being asked to: nothing more will come from it. */
  onFailure(error: RecognitionError): void;
}

export interface OpenOptions {
  /** Our language code (en, pt, es, id, zh-Hans…). */
  language: string;
  /** Its BCP-47 locale where the church's language has one (Azure takes a locale, not a language). */
  locale?: string;
  /** Boosted words, most important first; each engine keeps what its limits allow. */
  terms: string[];
  handlers: StreamHandlers;
  /** How long the connection may take (default 5 s). */
  connectTimeoutMs?: number;
}

export interface RecognitionStream {
  /** A frame of PCM16 16 kHz mono audio. */
  send(pcm: Buffer): void;
  /** In a silence with no audio flowing (a paused sermon): keeps the engine from closing the stream. */
  keepAlive(): void;
  /** Asks the engine to finish what it heard, then closes; resolves when closed (or after a while). */
  finish(): Promise<void>;
  /** Closes at once, dropping anything pending (the session moved to another engine). */
  close(): void;
  /** Boosted words the engine was actually sent. */
  readonly termsSent: number;
}

/**
 * What an engine documents about the audio it takes and how it ends a stream (decision 043),
 * written beside each client and kept by the session's feed (`audio-feed.ts`).
 */
export interface EngineRules {
  /** Shortest and longest audio one message may carry, in ms (the feed re-frames on sample boundaries). */
  minChunkMs: number;
  maxChunkMs: number;
  /**
   * How fast audio may go: at most `burstMs` ahead, then `rate` × real time (a replay after a
   * failover catches up at this pace). Null: the engine documents no limit, a replay goes at once.
   */
  pace: { rate: number; burstMs: number } | null;
  /** The engine closes a stream that gets nothing for this long (ms); null: it documents none. */
  idleCloseMs: number | null;
  /** How a silence is kept open: the engine's keep-alive message, or silent audio counted as audio. */
  keepAlive: 'message' | 'silence' | 'none';
  /** Boosted words: at most `terms`, each at most `termChars` long. */
  maxTerms: number;
  maxTermChars: number;
}

export interface RecognitionEngine {
  readonly kind: ServerRecognitionKind;
  readonly rules: EngineRules;
  open(options: OpenOptions): Promise<RecognitionStream>;
}

export class RecognitionError extends Error {
  readonly kind: EngineErrorKind;
  constructor(message: string, readonly status?: number, kind?: EngineErrorKind) {
    super(message);
    this.kind = kind ?? errorKindOf(status);
  }
}

/** The language part engines expect ("zh-Hans" → "zh"). */
export function baseLanguage(code: string): string {
  return code.split('-')[0]!.toLowerCase();
}

/**
 * Boosted words within an engine's limits: at most `max` terms, each at most `maxChars` long, no
 * repeats, in the order given (most important first).
 */
export function limitTerms(terms: string[], max: number, maxChars: number, totalChars = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const raw of terms) {
    const term = raw.trim().replace(/\s+/g, ' ');
    const key = term.toLowerCase();
    if (!term || term.length > maxChars || seen.has(key)) continue;
    if (out.length >= max || total + term.length > totalChars) break;
    seen.add(key);
    out.push(term);
    total += term.length + 2;
  }
  return out;
}

import WebSocket, { type ClientOptions } from 'ws';
import type { EngineErrorKind } from '@app/shared';
import { refusalOf } from '../../lib/outbound/outbound-error';
import { plainWords } from '../../lib/outbound/plain-words';
import { errorKindOf } from '../translation/translator';
import { RecognitionError } from './recognizer';

/** A stream's socket that never answered Finalize/Terminate is closed after this. */
export const FINISH_TIMEOUT_MS = 3000;

/**
 * Opens an engine's WebSocket and waits until it is open. A refused upgrade is an error by its
 * status (401: the key; 402: the account's credit; 429: too many streams; 3xx: a redirect, not
 * followed), in the server's words (decision 041), so Test connection can say what to do.
 * `guard` gives a church-typed address the outbound client's checks (lib/outbound).
 */
export function openEngineSocket(url: string, headers: Record<string, string>, timeoutMs = 5000, guard?: (url: string) => ClientOptions): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    let checked: ClientOptions = {};
    try {
      checked = guard?.(url) ?? {};
    } catch (err) {
      const refusal = refusalOf(err);
      reject(refusal ? new RecognitionError(plainWords(refusal.reason, null), undefined, refusal.reason) : err);
      return;
    }
    const ws = new WebSocket(url, { ...checked, headers, handshakeTimeout: timeoutMs, maxPayload: 1 << 20 });
    const fail = (err: RecognitionError) => {
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      ws.terminate();
      reject(err);
    };
    ws.once('open', () => {
      ws.removeAllListeners('unexpected-response');
      holdEarly(ws);
      resolve(ws);
    });
    ws.once('unexpected-response', (_req, res) => {
      // The body is not read: its words are never shown, and it may be any size.
      const status = res.statusCode ?? 0;
      const kind: EngineErrorKind = status >= 300 && status < 400 ? 'redirect' : errorKindOf(status);
      res.destroy();
      fail(new RecognitionError(plainWords(kind, status), status, kind));
    });
    ws.once('error', (err: NodeJS.ErrnoException) => {
      const kind: EngineErrorKind = refusalOf(err)?.reason ?? (/timed out|timeout/i.test(err.message) ? 'timeout' : 'unreachable');
      fail(new RecognitionError(plainWords(kind, null), undefined, kind));
    });
  });
}

/** What an engine's error body says, when it is JSON with a message (never a raw page). */
export function engineWords(body: string): string | null {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const err = json.error as Record<string, unknown> | string | undefined;
    const text = json.err_msg ?? json.message ?? (typeof err === 'object' ? err?.message : err) ?? json.reason;
    return typeof text === 'string' && text.trim() ? text.trim().slice(0, 300) : null;
  } catch {
    return null;
  }
}

/**
 * Messages that arrive with the upgrade (an engine that refuses a key just after it, decision 043)
 * come before the stream's reader is attached: they are held for it, not lost.
 */
const early = new WeakMap<WebSocket, { held: [Buffer, boolean][]; keep: (data: Buffer, isBinary: boolean) => void }>();
function holdEarly(ws: WebSocket): void {
  const held: [Buffer, boolean][] = [];
  const keep = (data: Buffer, isBinary: boolean) => void held.push([data, isBinary]);
  ws.on('message', keep);
  early.set(ws, { held, keep });
}

/** How telling each kind of failure is: a key problem outranks an engine closing, whichever came first. */
const RANK: Partial<Record<EngineErrorKind, number>> = { auth: 6, quota: 5, rate_limited: 4, refused: 3, bad_answer: 2, timeout: 1 };
const rankOf = (e: RecognitionError) => RANK[e.kind] ?? 0;
/** An error frame and the close after it (or the other way round) are read together for this long. */
export const SETTLE_MS = 250;

/** What an engine's close code means (each engine's own table, beside its client). */
export type CloseReader = (code: number, reason: string) => RecognitionError;

/**
 * What every engine's stream shares: reading JSON messages, telling the session once when the
 * stream fails or closes unasked, and finishing with the engine's own closing message. An engine
 * that reports an error sends a frame and closes: the two are read together, and the more telling
 * wins (a wrong key is said as a key problem whether its frame or its close arrived first).
 */
export class EngineSocket {
  private failed = false;
  private closing = false;
  private pending: RecognitionError | null = null;
  private settleTimer: NodeJS.Timeout | null = null;

  constructor(readonly ws: WebSocket, private readonly onFailure: (error: RecognitionError) => void, onMessage: (message: unknown) => void, private readonly readClose: CloseReader = closeError) {
    const read = (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      let message: unknown;
      try {
        message = JSON.parse(data.toString()) as unknown;
      } catch {
        return;
      }
      try {
        onMessage(message);
      } catch (err) {
        this.fail(err instanceof RecognitionError ? err : new RecognitionError(String(err), undefined, 'bad_answer'));
      }
    };
    const held = early.get(ws);
    if (held) {
      ws.off('message', held.keep);
      early.delete(ws);
    }
    ws.on('message', read);
    // Read after the constructor returns: the client's own setup (its handlers' state) comes first.
    if (held?.held.length) queueMicrotask(() => held.held.forEach(([data, isBinary]) => read(data, isBinary)));
    ws.on('error', (err) => this.fail(new RecognitionError(`The connection to the engine failed (${err.message})`, undefined, 'unreachable')));
    ws.on('close', (code, reason) => {
      if (!this.closing) this.fail(this.readClose(code, reason.toString()), true);
    });
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN && !this.failed && !this.closing && !this.pending;
  }

  sendJson(message: unknown): void {
    if (this.open) this.ws.send(JSON.stringify(message));
  }

  sendBinary(data: Buffer): void {
    if (this.open) this.ws.send(data);
  }

  /**
   * The stream failed: told once, after the engine's frame and close have both been read (or
   * SETTLE_MS passed), the more telling of the two.
   */
  fail(error: RecognitionError, closed = false): void {
    if (this.failed || this.closing) return;
    if (!this.pending || rankOf(error) > rankOf(this.pending)) this.pending = error;
    const settled = closed || this.ws.readyState === WebSocket.CLOSED || rankOf(this.pending) >= RANK.auth!;
    if (!settled) {
      this.settleTimer ??= setTimeout(() => this.fail(this.pending!, true), SETTLE_MS);
      return;
    }
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.failed = true;
    this.ws.terminate();
    this.onFailure(this.pending);
  }

  /** Sends the engine's closing message and waits for it to close the socket (its last results come first). */
  finish(closing: unknown): Promise<void> {
    // An error read but not yet told (its close not come): told now, not lost in the finish.
    if (this.pending) {
      this.fail(this.pending, true);
      return Promise.resolve();
    }
    if (this.ws.readyState !== WebSocket.OPEN) return Promise.resolve(this.close());
    this.closing = true;
    this.ws.send(JSON.stringify(closing));
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.ws.terminate();
        resolve();
      }, FINISH_TIMEOUT_MS);
      this.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close(): void {
    this.closing = true;
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.ws.terminate();
  }
}

/** A close no engine table explains: the WebSocket standard's codes. */
export function closeError(code: number, reason: string): RecognitionError {
  const words = reason.trim() ? `: ${reason.trim().slice(0, 200)}` : '';
  if (code === 1008) return new RecognitionError(`The engine refused the stream${words}`, undefined, 'refused');
  return new RecognitionError(`The engine closed the stream (${code})${words}`, undefined, 'server');
}

/** Words shared by the engines' tables. */
export const said = (reason: string): string => (reason.trim() ? `: ${reason.trim().slice(0, 200)}` : '');

import WebSocket from 'ws';
import { RecognitionError } from './recognizer';

/** A stream's socket that never answered Finalize/Terminate is closed after this. */
export const FINISH_TIMEOUT_MS = 3000;

/**
 * Opens an engine's WebSocket and waits until it is open. A refused upgrade is an error in the
 * engine's words where its body gave some (401: the key; 402: the account's credit; 429: too many
 * streams), so Test connection can say what to do.
 */
export function openEngineSocket(url: string, headers: Record<string, string>, timeoutMs = 5000): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, handshakeTimeout: timeoutMs, maxPayload: 1 << 20 });
    const fail = (err: RecognitionError) => {
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      ws.terminate();
      reject(err);
    };
    ws.once('open', () => {
      ws.removeAllListeners('unexpected-response');
      resolve(ws);
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < 2000) body += chunk;
      });
      res.on('end', () => fail(new RecognitionError(engineWords(body) ?? `The engine refused the connection (HTTP ${res.statusCode})`, res.statusCode)));
      res.on('error', () => fail(new RecognitionError(`The engine refused the connection (HTTP ${res.statusCode})`, res.statusCode)));
    });
    ws.once('error', (err: NodeJS.ErrnoException) => {
      const timedOut = /timed out|timeout/i.test(err.message);
      fail(new RecognitionError(timedOut ? 'The engine did not answer in time' : `The engine could not be reached (${err.code ?? err.message})`, undefined, timedOut ? 'timeout' : 'unreachable'));
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
 * What every engine's stream shares: reading JSON messages, telling the session once when the
 * stream fails or closes unasked, and finishing with the engine's own closing message.
 */
export class EngineSocket {
  private failed = false;
  private closing = false;

  constructor(readonly ws: WebSocket, private readonly onFailure: (error: RecognitionError) => void, onMessage: (message: unknown) => void) {
    ws.on('message', (data, isBinary) => {
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
    });
    ws.on('error', (err) => this.fail(new RecognitionError(`The connection to the engine failed (${err.message})`, undefined, 'unreachable')));
    ws.on('close', (code, reason) => {
      if (!this.closing) this.fail(closeError(code, reason.toString()));
    });
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN && !this.failed && !this.closing;
  }

  sendJson(message: unknown): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  sendBinary(data: Buffer): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(data);
  }

  fail(error: RecognitionError): void {
    if (this.failed || this.closing) return;
    this.failed = true;
    this.ws.terminate();
    this.onFailure(error);
  }

  /** Sends the engine's closing message and waits for it to close the socket (its last results come first). */
  finish(closing: unknown): Promise<void> {
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
    this.ws.terminate();
  }
}

/** A close the session did not ask for: an auth or quota close code says so; anything else is the engine going away. */
function closeError(code: number, reason: string): RecognitionError {
  const words = reason.trim() ? `: ${reason.trim().slice(0, 200)}` : '';
  if (code === 1008 || code === 4001 || code === 4003) return new RecognitionError(`The engine refused the key${words}`, 401, 'auth');
  if (code === 4002 || code === 4029) return new RecognitionError(`The engine's account is out of credit or streams${words}`, 402, 'quota');
  return new RecognitionError(`The engine closed the stream (${code})${words}`, undefined, 'server');
}

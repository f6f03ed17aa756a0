import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { ScriptListener, scriptWords, type HeardEvent } from './speech-script';

/**
 * What the loopback speech engines share: a WebSocket server that checks the key at the upgrade
 * (answering the engine's own error body), hears the audio through a ScriptListener, records every
 * connection and text message, and can be killed (every socket dropped, new ones refused) or made
 * to stop answering, as a failing engine does. Each engine's file supplies its wire format.
 */
export interface SpeechConnection {
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Text messages received, parsed. */
  messages: Record<string, unknown>[];
  audioBytes: number;
  ws: WebSocket;
  /** Ends this stream as the engine ends one whose key stopped working. */
  revoke?: () => void;
}

/** What a connection's protocol remembers between messages: the phrase so far; Azure's request id and turn. */
export interface StreamState {
  said: string;
  requestId?: string;
  turnStarted?: boolean;
}

/**
 * The limits an engine documents, enforced as it does (decision 043): a client that breaks them is
 * refused here as it would be in production, and its test fails.
 */
export interface LoopbackLimits {
  /** Shortest and longest audio one message may carry (ms); outside: `refuse(ws, 'chunk')`. */
  minChunkMs?: number;
  maxChunkMs?: number;
  /** At most `burstMs` of audio ahead of the wall clock since the stream opened, then `rate` × real time. */
  pace?: { rate: number; burstMs: number };
  /** Closed (`refuse(ws, 'idle')`) after this long without audio or a keep-alive. */
  idleCloseMs?: number;
}

export type Violation = 'chunk' | 'pace' | 'idle' | 'auth';

export interface SpeechProtocol {
  limits?: LoopbackLimits;
  /** How the engine ends a stream that broke a rule, or whose key was revoked: its error frame and close code. */
  refuse?(ws: WebSocket, why: Violation, detail: string): void;
  /** Whether a text message keeps the stream from its idle close (Deepgram's KeepAlive). */
  keepsAlive?(message: Record<string, unknown>): boolean;
  /** Whether the upgrade's credentials are right. */
  authorised(req: IncomingMessage, url: URL): boolean;
  /** A wrong key is told after the upgrade (an error frame and a close), not by refusing it (AssemblyAI). */
  authAfterUpgrade?: boolean;
  /** The body of a 401, in the engine's words. */
  refusal: string;
  /** How a message reads (default: JSON text; binary is audio only); a text message read is recorded. */
  decode?(data: Buffer, isBinary: boolean): Record<string, unknown> | null;
  /** Audio from a message: binary frames, or an engine's event carrying it. */
  audioOf(data: Buffer, isBinary: boolean, message: Record<string, unknown> | null): Buffer | null;
  /** Whether a message ends the stream (then the server answers its last results). */
  ends(message: Record<string, unknown>): boolean;
  /** Whether the server closes the socket after the end's answers (Azure keeps it for the client to close). */
  keepsOpenAtEnd?: boolean;
  opened?(ws: WebSocket): void;
  /** Every message read, before its audio is heard. */
  received?(ws: WebSocket, message: Record<string, unknown>, state: StreamState): void;
  /** The wire messages for something heard (text frames: JSON objects, or strings as they are). */
  result(event: HeardEvent, turn: number, state: StreamState): (Record<string, unknown> | string)[];
  closing?(ws: WebSocket, state: StreamState): void;
}

export interface SpeechLoopbackOptions {
  sentences: string[];
  mode?: 'encoded' | 'timed';
  /** A fixed port (a journey's server is configured with the address); any free one by default. */
  port?: number;
  /** Replaces the documented idle close (tests: a short one, to close a stream in a pause). */
  idleCloseMs?: number;
  /** Timed: each connection hears the script once instead of over and over. */
  once?: boolean;
}

export interface MockSpeechEngine {
  url: string;
  connections: SpeechConnection[];
  /** Every result sent, with its wall-clock time (performance.now()): the bench's start of the server's part. */
  sent: { text: string; final: boolean; at: number }[];
  /** Drops every socket and refuses new ones (the engine is down). */
  kill(): void;
  /** Answers new connections with HTTP 503 (the engine refuses), open ones go on. */
  refuse(): void;
  /** The key stops working: open streams are ended as the engine ends an unauthorised one, new ones get 401. */
  revokeKey(): void;
  /** Every time a rule was broken (and the stream ended for it). */
  violations: { why: Violation; detail: string }[];
  /** Keeps the sockets but answers nothing more (an engine that hangs). */
  stall(): void;
  revive(): void;
  close(): Promise<void>;
}

export async function startSpeechLoopback(protocol: SpeechProtocol, options: SpeechLoopbackOptions): Promise<MockSpeechEngine> {
  const words = scriptWords(options.sentences);
  const connections: SpeechConnection[] = [];
  const sent: MockSpeechEngine['sent'] = [];
  let down = false;
  let stalled = false;
  let refusing = false;
  let revoked = false;
  const violations: MockSpeechEngine['violations'] = [];
  const limits: LoopbackLimits = { ...protocol.limits, ...(options.idleCloseMs ? { idleCloseMs: options.idleCloseMs } : {}) };
  const server = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    if (down) return socket.destroy();
    if (refusing) return void socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    const authorised = !revoked && protocol.authorised(req, url);
    if (!authorised && !protocol.authAfterUpgrade) {
      socket.end(`HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(protocol.refusal)}\r\nConnection: close\r\n\r\n${protocol.refusal}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: SpeechConnection = { query: url.searchParams, headers: req.headers, messages: [], audioBytes: 0, ws };
      connections.push(conn);
      let turn = 0;
      const state: StreamState = { said: '' };
      const listener = new ScriptListener(words, options.mode ?? 'encoded', (event) => {
        if (stalled || ws.readyState !== ws.OPEN) return;
        for (const m of protocol.result(event, turn, state)) ws.send(typeof m === 'string' ? m : JSON.stringify(m));
        sent.push({ text: event.text, final: event.final, at: performance.now() });
        if (event.final) turn++;
      }, options.once);
      protocol.opened?.(ws);
      const openedAt = performance.now();
      let ended = false;
      const violate = (why: Violation, detail: string) => {
        if (ended) return;
        ended = true;
        violations.push({ why, detail });
        if (protocol.refuse) protocol.refuse(ws, why, detail);
        else ws.close(1008, detail);
      };
      let idle: NodeJS.Timeout | null = null;
      const awake = () => {
        if (!limits.idleCloseMs) return;
        if (idle) clearTimeout(idle);
        idle = setTimeout(() => violate('idle', `no audio for ${limits.idleCloseMs} ms`), limits.idleCloseMs);
      };
      awake();
      conn.revoke = () => violate('auth', 'the key was revoked');
      if (!authorised) return conn.revoke();
      ws.on('close', () => idle && clearTimeout(idle));
      ws.on('message', (data: Buffer, isBinary) => {
        if (ended) return;
        const message = (protocol.decode ?? jsonText)(data, isBinary);
        if (!isBinary && !message) return;
        if (!isBinary && message) conn.messages.push(message);
        if (message) protocol.received?.(ws, message, state);
        if (message && protocol.keepsAlive?.(message)) awake();
        const audio = protocol.audioOf(data, isBinary, message);
        if (audio) {
          const ms = (audio.length / 2 / 16_000) * 1000;
          if ((limits.minChunkMs !== undefined && ms < limits.minChunkMs) || (limits.maxChunkMs !== undefined && ms > limits.maxChunkMs)) {
            return violate('chunk', `a chunk of ${ms.toFixed(1)} ms (allowed ${limits.minChunkMs}–${limits.maxChunkMs})`);
          }
          conn.audioBytes += audio.length;
          const sentMs = (conn.audioBytes / 2 / 16_000) * 1000;
          if (limits.pace && sentMs > limits.pace.burstMs + (performance.now() - openedAt) * limits.pace.rate) {
            return violate('pace', `${sentMs.toFixed(0)} ms of audio ${(performance.now() - openedAt).toFixed(0)} ms after opening`);
          }
          awake();
          listener.push(audio);
        }
        if (message && protocol.ends(message)) {
          listener.flush();
          protocol.closing?.(ws, state);
          if (!protocol.keepsOpenAtEnd) ws.close(1000);
        }
      });
      ws.on('error', () => undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    sent,
    kill: () => {
      down = true;
      for (const c of connections) c.ws.terminate();
    },
    stall: () => {
      stalled = true;
    },
    refuse: () => {
      refusing = true;
    },
    revokeKey: () => {
      revoked = true;
      for (const c of connections) if (c.ws.readyState === c.ws.OPEN) c.revoke?.();
    },
    violations,
    revive: () => {
      down = false;
      stalled = false;
      refusing = false;
      revoked = false;
    },
    close: async () => {
      for (const c of connections) c.ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function jsonText(data: Buffer, isBinary: boolean): Record<string, unknown> | null {
  if (isBinary) return null;
  try {
    return JSON.parse(data.toString()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

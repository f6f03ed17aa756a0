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
}

/** What a connection's protocol remembers between messages: the phrase so far; Azure's request id and turn. */
export interface StreamState {
  said: string;
  requestId?: string;
  turnStarted?: boolean;
}

export interface SpeechProtocol {
  /** Whether the upgrade's credentials are right. */
  authorised(req: IncomingMessage, url: URL): boolean;
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
}

export interface MockSpeechEngine {
  url: string;
  connections: SpeechConnection[];
  /** Every result sent, with its wall-clock time (performance.now()): the bench's start of the server's part. */
  sent: { text: string; final: boolean; at: number }[];
  /** Drops every socket and refuses new ones (the engine is down). */
  kill(): void;
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
  const server = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    if (down) return socket.destroy();
    if (!protocol.authorised(req, url)) {
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
      });
      protocol.opened?.(ws);
      ws.on('message', (data: Buffer, isBinary) => {
        const message = (protocol.decode ?? jsonText)(data, isBinary);
        if (!isBinary && !message) return;
        if (!isBinary && message) conn.messages.push(message);
        if (message) protocol.received?.(ws, message, state);
        const audio = protocol.audioOf(data, isBinary, message);
        if (audio) {
          conn.audioBytes += audio.length;
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
    revive: () => {
      down = false;
      stalled = false;
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

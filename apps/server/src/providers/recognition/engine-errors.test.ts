import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { assemblyCode } from './assemblyai';
import { deepgramClose } from './deepgram';
import { realtimeError } from './openai-realtime';
import { RecognitionError } from './recognizer';
import { EngineSocket, openEngineSocket } from './ws-stream';
import { azureError } from './azure-speech';
import { CancellationErrorCode } from 'microsoft-cognitiveservices-speech-sdk';

/** Each engine's errors by what they mean (decision 043): a key problem is a key problem, whatever its form. */
describe('what each engine\'s errors mean', () => {
  // [engine, what arrives, kind]
  const table: [string, () => RecognitionError | null, string][] = [
    ['AssemblyAI: close 1008 (v3, unauthorised)', () => assemblyCode(1008, 'Unauthorized connection'), 'auth'],
    ['AssemblyAI: close 4001 (v2, Not Authorized)', () => assemblyCode(4001, 'Not Authorized'), 'auth'],
    ['AssemblyAI: an error frame saying so, no code', () => assemblyCode(undefined, 'Invalid API key'), 'auth'],
    ['AssemblyAI: 4002 insufficient funds', () => assemblyCode(4002, 'Insufficient Funds'), 'quota'],
    ['AssemblyAI: 4029 audio too fast', () => assemblyCode(4029, 'Client sent audio too fast'), 'rate_limited'],
    ['AssemblyAI: 3007 Input Duration Violation', () => assemblyCode(3007, 'Input Duration Violation'), 'refused'],
    ['AssemblyAI: a close it does not explain', () => assemblyCode(1011, 'internal'), 'none'],
    ['Deepgram: 1008 DATA-0000 (audio it cannot read)', () => deepgramClose(1008, 'DATA-0000'), 'refused'],
    ['Deepgram: 1011 NET-0001 (idle 10 s)', () => deepgramClose(1011, 'NET-0001'), 'server'],
    ['OpenAI realtime: invalid_api_key', () => realtimeError({ code: 'invalid_api_key', message: 'Incorrect API key provided' }), 'auth'],
    ['OpenAI realtime: insufficient_quota', () => realtimeError({ code: 'insufficient_quota', message: 'You exceeded your quota' }), 'quota'],
    ['OpenAI realtime: rate_limit_exceeded', () => realtimeError({ code: 'rate_limit_exceeded', message: 'Slow down' }), 'rate_limited'],
    ['OpenAI realtime: anything else', () => realtimeError({ code: 'server_error', message: 'Oops' }), 'server'],
    ['Azure: AuthenticationFailure', () => azureError({ errorCode: CancellationErrorCode.AuthenticationFailure, errorDetails: 'bad key' }), 'auth'],
    ['Azure: an upgrade refused 401', () => azureError({ errorCode: CancellationErrorCode.ConnectionFailure, errorDetails: 'Unexpected server response: 401' }), 'auth'],
    ['Azure: TooManyRequests', () => azureError({ errorCode: CancellationErrorCode.TooManyRequests, errorDetails: '' }), 'rate_limited'],
  ];
  it.each(table)('%s', (_what, read, kind) => {
    expect(read()?.kind ?? 'none').toBe(kind);
  });
});

/**
 * An engine that reports an error sends a frame and closes; which reaches us first varies. The
 * stream tells the session once, and the more telling of the two.
 */
describe('an error frame racing its close', () => {
  let server: ReturnType<typeof createServer>;
  let url: string;
  let script: (ws: WebSocket) => void = () => undefined;
  beforeAll(async () => {
    server = createServer();
    const wss = new WebSocketServer({ server });
    wss.on('connection', (ws) => script(ws));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  async function failureOf(serverDoes: (ws: WebSocket) => void): Promise<RecognitionError[]> {
    script = serverDoes;
    const ws = await openEngineSocket(url, {});
    const failures: RecognitionError[] = [];
    new EngineSocket(ws, (e) => failures.push(e), (m) => {
      const msg = m as { error?: string; error_code?: number };
      if (msg.error) throw assemblyCode(msg.error_code, msg.error) ?? new RecognitionError(msg.error, undefined, 'server');
    }, (code, reason) => assemblyCode(code, reason) ?? new RecognitionError(`closed ${code}`, undefined, 'server'));
    await expect.poll(() => failures.length).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    return failures;
  }

  it('a generic error frame, then the close 1008: the key', async () => {
    const failures = await failureOf((ws) => {
      ws.send(JSON.stringify({ error: 'Session error' }));
      setTimeout(() => ws.close(1008, 'Unauthorized connection'), 50);
    });
    expect(failures.map((f) => f.kind)).toEqual(['auth']);
  });

  it('the close 1008 alone (its frame lost): the key', async () => {
    const failures = await failureOf((ws) => ws.close(1008, ''));
    expect(failures.map((f) => f.kind)).toEqual(['auth']);
  });

  it('the frame saying unauthorised, then a plain close: the key', async () => {
    const failures = await failureOf((ws) => {
      ws.send(JSON.stringify({ error: 'Unauthorized connection', error_code: 1008 }));
      ws.close(1000);
    });
    expect(failures.map((f) => f.kind)).toEqual(['auth']);
  });

  it('a chunk refused (3007): the audio, once', async () => {
    const failures = await failureOf((ws) => {
      ws.send(JSON.stringify({ error: 'Input Duration Violation: 20 ms', error_code: 3007 }));
      ws.close(3007, 'Input Duration Violation');
    });
    expect(failures.map((f) => f.kind)).toEqual(['refused']);
  });
});

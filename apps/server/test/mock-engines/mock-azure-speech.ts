import type { WebSocket } from 'ws';
import { MOCK_SPEECH_KEY } from '../mock-azure/mock-azure';
import { startSpeechLoopback, type MockSpeechEngine, type SpeechLoopbackOptions, type StreamState } from './speech-loopback';

/**
 * A loopback Azure Speech recognition service, enough of its WebSocket protocol for Microsoft's own
 * SDK (decision 038; the SDK's common.speech/ServiceRecognizerBase.js and WebsocketMessageFormatter.js):
 * - the key comes as `Ocp-Apim-Subscription-Key` (header, and in the query: the SDK sends both);
 *   a wrong one is refused at the upgrade (401), which the SDK reports as a failed connection;
 * - text frames are `Path`/`X-RequestId`/`Content-Type` headers, a blank line, then JSON;
 *   binary frames are a 2-byte big-endian header length, the headers, then audio (the first
 *   `audio/x-wav` frame is the WAV header; an empty one ends the audio);
 * - answers carry the X-RequestId of the client's turn (the SDK drops any other): `turn.start`,
 *   `speech.startDetected`, `speech.hypothesis` (interim), `speech.phrase` (final; offsets in
 *   100-ns ticks), and at the end `speech.endDetected` and `turn.end`. The client closes the socket.
 * Its speech.context is recorded, the phrase list under `dgi.groups[].items[].text`.
 */
export const MOCK_AZURE_SPEECH_KEY = MOCK_SPEECH_KEY;
const RECOGNITION_PATH = '/speech/recognition/conversation/cognitiveservices/v1';
const TICKS_PER_MS = 10_000;

export interface AzureMessage extends Record<string, unknown> {
  path: string;
  requestId: string;
  contentType: string | null;
  /** Text: the JSON body; audio: its bytes. */
  body: unknown;
}

export function startMockAzureSpeech(options: SpeechLoopbackOptions): Promise<MockSpeechEngine> {
  return startSpeechLoopback({
    authorised: (req, url) => url.pathname === RECOGNITION_PATH
      && (req.headers['ocp-apim-subscription-key'] ?? url.searchParams.get('Ocp-Apim-Subscription-Key')) === MOCK_AZURE_SPEECH_KEY,
    refusal: JSON.stringify({ error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' } }),
    decode: (data, isBinary) => (isBinary ? decodeAudio(data) : decodeText(data.toString())),
    audioOf: (_data, _isBinary, m) => (m?.path === 'audio' && m.contentType === null && Buffer.isBuffer(m.body) ? m.body : null),
    ends: (m) => m.path === 'audio' && m.contentType === null && (m.body as Buffer).length === 0,
    keepsOpenAtEnd: true,
    received: (ws, m, state) => {
      state.requestId = String(m.requestId);
      if (m.path === 'audio' && !state.turnStarted) {
        state.turnStarted = true;
        send(ws, state, 'turn.start', { context: { serviceTag: 'loopback' } });
      }
    },
    result: (e, _turn, state) => {
      // The phrase's offset is where its first word began, its duration to the end of its last.
      const ticks = { Offset: e.startMs * TICKS_PER_MS, Duration: (e.endMs - e.startMs) * TICKS_PER_MS };
      if (e.final) {
        state.said = '';
        return [frame(state, 'speech.phrase', { RecognitionStatus: 'Success', DisplayText: e.text, ...ticks })];
      }
      const first = state.said === '';
      state.said = e.text;
      return [...(first ? [frame(state, 'speech.startDetected', { Offset: 0 })] : []), frame(state, 'speech.hypothesis', { Text: e.text, ...ticks })];
    },
    closing: (ws, state) => {
      send(ws, state, 'speech.endDetected', { Offset: 0 });
      send(ws, state, 'turn.end', {});
    },
  }, options);
}

function frame(state: StreamState, path: string, body: unknown): string {
  return `X-RequestId: ${state.requestId ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nPath: ${path}\r\n\r\n${JSON.stringify(body)}`;
}

function send(ws: WebSocket, state: StreamState, path: string, body: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(frame(state, path, body));
}

function headersOf(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

function message(headers: Record<string, string>, body: unknown): AzureMessage {
  return { path: headers.path ?? '', requestId: headers['x-requestid'] ?? '', contentType: headers['content-type'] ?? null, body };
}

function decodeText(text: string): AzureMessage {
  const split = text.indexOf('\r\n\r\n');
  const headers = headersOf(split === -1 ? text : text.slice(0, split));
  const raw = split === -1 ? '' : text.slice(split + 4);
  let body: unknown = raw;
  try {
    body = JSON.parse(raw);
  } catch {
    // Not JSON: kept as text.
  }
  return message(headers, body);
}

function decodeAudio(data: Buffer): AzureMessage | null {
  if (data.length < 2) return null;
  const length = data.readUInt16BE(0);
  return message(headersOf(data.subarray(2, 2 + length).toString('latin1')), data.subarray(2 + length));
}

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveEvents, recognitionEvents, type Sermon, type SermonState } from '@app/shared';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubFetchEachTest } from '../../../test/stub-fetch';
import { FakeLiveSocket } from '../lib/fake-live-socket';
import { GoLiveScreen } from './go-live-screen';

let socket: FakeLiveSocket;
vi.mock('../lib/live-socket', async (original) => ({
  ...(await original<typeof import('../lib/live-socket')>()),
  createLiveSocket: () => socket.asSocket(),
}));
vi.mock('./pcm-capture.worklet.ts?worker&url', () => ({ default: 'worklet.js' }));

const churchId = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const sermon: Sermon = {
  id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', broadcastId: 'ABCD1234', churchId, churchName: 'Harbour City Church',
  hostId: 'u-staff', hostName: 'Samuel Staff', sourceLanguage: 'en', status: 'live', startedAt: new Date().toISOString(),
  endedAt: null, durationSeconds: null, listenersJoined: 0,
};
const state: SermonState = { sermonId: sermon.id, status: 'live', speakerConnected: true, listenerCounts: {}, minutesLeft: 42, translator: 'demo' };
const english = {
  id: '00000000-0000-4000-8000-000000000002', list: 'go_live' as const, code: 'en', name: 'English', locale: null, rtl: false, isKnown: true,
  maleVoiceId: null, femaleVoiceId: null,
};
const NO_ENGINE = 'No engine hears you right now (trying again): type your lines';
/** The microphone's worklet: the test posts its frames. */
let capture: { onmessage: ((e: { data: ArrayBuffer }) => void) | null } = { onmessage: null };

/** The browser's recogniser as Chrome's with a microphone it cannot open: `audio-capture`, then the end. */
class AudioCaptureFails {
  continuous = false;
  interimResults = false;
  lang = '';
  maxAlternatives = 1;
  onstart: (() => void) | null = null;
  onresult: (() => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  static started = 0;
  start() {
    AudioCaptureFails.started++;
    setTimeout(() => {
      this.onerror?.({ error: 'audio-capture' });
      this.onend?.();
    }, 50);
  }
  stop() {}
  abort() {}
}

/** The browser's recogniser as Chrome's that hears: the test says what it heard. */
class HearsSpeech {
  continuous = false;
  interimResults = false;
  lang = '';
  maxAlternatives = 1;
  onstart: (() => void) | null = null;
  onresult: ((e: { resultIndex: number; results: { isFinal: boolean; 0: { transcript: string } }[] }) => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  static current: HearsSpeech | null = null;
  start() {
    HearsSpeech.current = this;
    setTimeout(() => this.onstart?.(), 10);
  }
  hear(transcript: string, isFinal: boolean) {
    this.onresult?.({ resultIndex: 0, results: [{ isFinal, 0: { transcript } }] });
  }
  stop() {
    this.onend?.();
  }
  abort() {}
}

/**
 * The speaker's page of a church whose engines are on the server (decision 038) says what hears
 * the speaker now, and nothing that has failed (decision 056).
 */
describe('the speaker is told what hears them', { timeout: 20_000 }, () => {
  const fetchMock = stubFetchEachTest();

  beforeEach(() => {
    localStorage.setItem('userType', '3');
    localStorage.setItem('userId', 'u-staff');
    localStorage.setItem('live.sourceLanguage', 'en');
    AudioCaptureFails.started = 0;
    vi.stubGlobal('SpeechRecognition', AudioCaptureFails);
    vi.stubGlobal('AudioWorkletNode', class {
      port: { onmessage: ((e: { data: ArrayBuffer }) => void) | null } = { onmessage: null };
      constructor() {
        capture = this.port;
      }
    });
    vi.stubGlobal('AudioContext', class {
      audioWorklet = { addModule: async () => undefined };
      createMediaStreamSource() {
        return { connect: () => undefined };
      }
      close = async () => undefined;
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), {
      mediaDevices: { enumerateDevices: async () => [{ kind: 'audioinput' }], getUserMedia: async () => ({ getTracks: () => [] }) },
    }));
    socket = new FakeLiveSocket();
    socket.answers[liveEvents.speakerJoin] = () => ({ ok: true, state, lastSeq: 0, sourceLanguage: 'en' });
    socket.answers[recognitionEvents.audioStart] = () => ({ ok: true, engine: 'deepgram', slot: 'primary', state: 'listening' });
    fetchMock.mockImplementation(async (url, init) => {
      const u = String(url);
      const method = init?.method ?? 'GET';
      if (u === `/api/v1/churches/${churchId}/languages`) return jsonResponse(200, { goLive: [english], joinLive: [] });
      if (u.startsWith('/api/v1/speech/recognition')) {
        return jsonResponse(200, { mode: 'server', engines: [{ slot: 'primary', kind: 'deepgram', failing: false }, { slot: 'failover', kind: 'assemblyai', failing: false }], translator: { primary: 'demo', failover: null } });
      }
      if (method === 'GET' && u.startsWith('/api/v1/sermons?')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 50 });
      if (method === 'POST' && u === '/api/v1/sermons') return jsonResponse(201, sermon);
      return jsonResponse(404, { code: 'not_found' });
    });
  });

  const goLive = async () => {
    await renderScreen([{ path: '/go', element: <GoLiveScreen churchId={churchId} /> }], '/go');
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Heard by Deepgram')).toBeTruthy();
  };
  const serverSays = (s: { engine: string | null; state: string }) =>
    act(() => socket.fire(recognitionEvents.state, { sermonId: sermon.id, slot: s.engine ? 'failover' : null, ...s }));

  it('when both engines are down and the browser cannot hear either (audio-capture), says no engine hears within 2 s and puts the typing box in focus', async () => {
    await goLive();
    const typing = screen.getByRole('textbox', { name: 'Type or paste a line' });
    expect(document.activeElement).not.toBe(typing);
    const downAt = Date.now();
    serverSays({ engine: null, state: 'failed' });
    expect(await screen.findByText(NO_ENGINE, {}, { timeout: 2000 })).toBeTruthy();
    expect(Date.now() - downAt).toBeLessThan(2000);
    expect(AudioCaptureFails.started).toBe(1);
    expect(screen.queryByText('Heard by your browser')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(typing));
    // Said beside the box too: scrolled to it on a phone, the badge at the top is out of sight.
    expect(screen.getByText('No engine hears you now: type here, and listeners get it like spoken words.')).toBeTruthy();
    // The server's next try fails as well: the page does not claim the browser again.
    serverSays({ engine: null, state: 'failed' });
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByText(NO_ENGINE)).toBeTruthy();
    expect(screen.queryByText('Heard by your browser')).toBeNull();
    // An engine answers: its name again.
    serverSays({ engine: 'assemblyai', state: 'listening' });
    expect(await screen.findByText('Heard by AssemblyAI')).toBeTruthy();
    expect(screen.queryByText(NO_ENGINE)).toBeNull();
  });

  it('the browser standing in: its interim text goes to listeners, the server is told from when it hears, and its line is timed from its own first words (decision 059)', async () => {
    vi.stubGlobal('SpeechRecognition', HearsSpeech);
    // The server's clock is 5 s ahead of this device's.
    socket.answers[liveEvents.speakerJoin] = () => ({ ok: true, state, lastSeq: 0, sourceLanguage: 'en', serverNow: Date.now() + 5_000 });
    await goLive();
    // The server's engine heard a phrase's first words long before: that is not the browser's line's time.
    serverSays({ engine: 'deepgram', state: 'listening', interim: 'Grace and' } as never);
    await new Promise((r) => setTimeout(r, 800));
    const downAt = Date.now();
    serverSays({ engine: null, state: 'failed' });
    await waitFor(() => expect(socket.sent(recognitionEvents.standIn)).toHaveLength(1));
    // From when its recogniser started, on the server's clock (the offset to within the join's round trip).
    const { from } = socket.sent(recognitionEvents.standIn)[0] as { from: number };
    expect(from).toBeGreaterThanOrEqual(downAt + 5_000 - 250);
    expect(from).toBeLessThanOrEqual(Date.now() + 5_000 + 250);
    const heardAt = Date.now();
    act(() => HearsSpeech.current!.hear('peace to you', false));
    await waitFor(() => expect(socket.sent(liveEvents.segment)).toContainEqual(expect.objectContaining({ text: 'peace to you', final: false })));
    act(() => HearsSpeech.current!.hear('peace to you all', true));
    await waitFor(() => expect(socket.sent(liveEvents.segment)).toContainEqual(expect.objectContaining({ text: 'peace to you all', final: true })));
    // Each frame of the microphone goes with when it was captured, on the server's clock.
    const capturedAt = Date.now();
    act(() => capture.onmessage?.({ data: new ArrayBuffer(3200) }));
    const frame = socket.sent(recognitionEvents.audio).at(-1) as { at: number };
    expect(frame.at).toBeGreaterThanOrEqual(capturedAt + 5_000 - 250);
    expect(frame.at).toBeLessThanOrEqual(Date.now() + 5_000 + 250);
    const line = socket.sent(liveEvents.segment).find((p) => (p as { final: boolean }).final) as { startedAt: number };
    // From the browser's first words, on the server's clock; never from the engine's words before the outage.
    expect(line.startedAt).toBeGreaterThanOrEqual(heardAt + 5_000 - 250);
    expect(line.startedAt).toBeLessThan(Date.now() + 5_000 + 250);
  });

  it('an engine still switching after 2 s is not said to be on its way any longer: no engine hears', async () => {
    await goLive();
    serverSays({ engine: 'assemblyai', state: 'switching' });
    expect(await screen.findByText('Switching to AssemblyAI…')).toBeTruthy();
    expect(await screen.findByText(NO_ENGINE, {}, { timeout: 3000 })).toBeTruthy();
    serverSays({ engine: 'assemblyai', state: 'listening' });
    expect(await screen.findByText('Heard by AssemblyAI')).toBeTruthy();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { recognitionEvents, type RecognitionStateEvent } from '@app/shared';
import type { LiveSocket } from '../lib/live-socket';
import { createServerRecognizer } from './server-recognizer';
import { createWebSpeechRecognizer, type SpeechRecognitionLike } from './web-speech-recognizer';
import type { Recognizer, RecognizerCallbacks } from './recognizer-types';

vi.mock('./pcm-capture.worklet.ts?worker&url', () => ({ default: 'worklet.js' }));

const SERMON = '00000000-0000-4000-8000-000000000001';

/** A live socket that answers audio-start with `ack` and lets the test send recognition states. */
function fakeSocket(ack: object) {
  const handlers = new Map<string, (e: RecognitionStateEvent) => void>();
  /** Acknowledged events sent, with their payloads. */
  const sent: [string, unknown][] = [];
  const socket = {
    on: (event: string, fn: (e: RecognitionStateEvent) => void) => handlers.set(event, fn),
    off: (event: string) => handlers.delete(event),
    emit: vi.fn(),
    timeout: () => ({ emit: (e: string, p: unknown, cb: (err: null, a: object) => void) => {
      sent.push([e, p]);
      cb(null, { ok: true, ...ack });
    } }),
  };
  const state = (s: Omit<RecognitionStateEvent, 'sermonId'>) => handlers.get(recognitionEvents.state)?.({ sermonId: SERMON, ...s });
  return { socket: socket as unknown as LiveSocket, state, sent };
}

function setup(ack: object, { startsListening = true, makeFallback, offset }: { startsListening?: boolean; makeFallback?: (cb: RecognizerCallbacks) => Recognizer; offset?: number } = {}) {
  const engines: [string | null, string][] = [];
  const interims: [string, boolean][] = [];
  const finals: string[] = [];
  const errors: string[] = [];
  const callbacks: RecognizerCallbacks = {
    onInterim: (t, own) => interims.push([t, own === true]), onFinal: (t) => finals.push(t), onError: (c) => errors.push(c), onListeningChange: () => undefined,
    onEngine: (engine, state) => engines.push([engine, state]),
  };
  const standIns: { started: boolean; stopped: boolean; callbacks: RecognizerCallbacks }[] = [];
  // As the browser's: it says it started (Web Speech's `onstart`) unless told to stay silent.
  const fallback = makeFallback ?? ((cb: RecognizerCallbacks): Recognizer => {
    const r = { started: false, stopped: false, callbacks: cb };
    standIns.push(r);
    return { kind: 'browser', start: () => { r.started = true; if (startsListening) cb.onListeningChange(true); }, stop: () => (r.stopped = true) };
  });
  const recognizer = createServerRecognizer(callbacks, fallback);
  const fake = fakeSocket(ack);
  recognizer.attach(fake.socket, SERMON, offset);
  return { recognizer, ...fake, engines, finals, errors, standIns, interims };
}

describe('server recognition with the browser standing in', () => {
  it('the browser listens while no engine on the server does, its phrases sent as lines, and stops when an engine answers', async () => {
    const s = setup({ engine: 'deepgram', slot: 'primary', state: 'listening' });
    await vi.waitFor(() => expect(s.engines).toEqual([['deepgram', 'listening']]));
    s.state({ engine: null, slot: null, state: 'failed' });
    expect(s.standIns).toHaveLength(1);
    expect(s.standIns[0]!.started).toBe(true);
    expect(s.engines.at(-1)).toEqual(['browser', 'listening']);
    expect(s.errors).toEqual([]);
    s.standIns[0]!.callbacks.onFinal('Grace and peace');
    expect(s.finals).toEqual(['Grace and peace']);
    // A second "failed" while it listens starts no second recogniser.
    s.state({ engine: null, slot: null, state: 'failed' });
    expect(s.standIns).toHaveLength(1);
    s.state({ engine: 'assemblyai', slot: 'failover', state: 'listening' });
    expect(s.standIns[0]!.stopped).toBe(true);
    expect(s.engines.at(-1)).toEqual(['assemblyai', 'listening']);
  });

  it('the browser’s interim text is its own (sent to listeners, decision 059), and the server is told once from when it hears, on its clock', async () => {
    const s = setup({ engine: 'deepgram', slot: 'primary', state: 'listening' }, { offset: 5_000 });
    await vi.waitFor(() => expect(s.engines).toEqual([['deepgram', 'listening']]));
    s.state({ engine: 'deepgram', slot: 'primary', state: 'listening', interim: 'Grace and' });
    const before = Date.now();
    s.state({ engine: null, slot: null, state: 'failed' });
    const told = () => s.sent.filter(([event]) => event === recognitionEvents.standIn);
    expect(told()).toHaveLength(1);
    const { from } = told()[0]![1] as { from: number };
    expect(from).toBeGreaterThanOrEqual(before + 5_000);
    expect(from).toBeLessThanOrEqual(Date.now() + 5_000);
    s.standIns[0]!.callbacks.onInterim('peace to');
    // Its recogniser restarting in a pause does not tell it again.
    s.standIns[0]!.callbacks.onListeningChange(true);
    expect(told()).toHaveLength(1);
    expect(s.interims).toEqual([['Grace and', false], ['peace to', true]]);
  });

  it('standing by while the engine listens, the browser takes over from the phones’ last word at once, and the server is told it heard from before (decision 060)', async () => {
    const s = setup({ engine: 'deepgram', slot: 'primary', state: 'listening' }, { offset: 5_000 });
    await vi.waitFor(() => expect(s.engines).toEqual([['deepgram', 'listening']]));
    // It stands by from the engine's start, hearing what the engine hears; none of it is sent.
    expect(s.standIns).toHaveLength(1);
    const standingBySince = Date.now();
    const browser = s.standIns[0]!.callbacks;
    browser.onFinal('Grace to you and peace.');
    browser.onInterim('I thank my God always for');
    s.state({ engine: 'deepgram', slot: 'primary', state: 'listening', interim: 'I thank my', seq: 2 });
    expect(s.finals).toEqual([]);
    expect(s.interims).toEqual([['I thank my', false]]);
    s.state({ engine: null, slot: null, state: 'failed' });
    // What it heard after the phones' words goes at once, as its own interim text.
    expect(s.interims.at(-1)).toEqual(['God always for', true]);
    expect(s.engines.at(-1)).toEqual(['browser', 'listening']);
    const told = s.sent.filter(([event]) => event === recognitionEvents.standIn);
    expect(told).toHaveLength(1);
    expect((told[0]![1] as { from: number }).from).toBeLessThanOrEqual(standingBySince + 5_000);
    browser.onFinal('I thank my God always for you.');
    expect(s.finals).toEqual(['God always for you.']);
    // An engine answers: it stops, and stands by again a moment later (its last phrase first).
    s.state({ engine: 'assemblyai', slot: 'failover', state: 'listening' });
    expect(s.standIns[0]!.stopped).toBe(true);
    expect(s.standIns).toHaveLength(1);
    await vi.waitFor(() => expect(s.standIns).toHaveLength(2), { timeout: 3_000 });
    s.recognizer.stop();
    expect(s.standIns[1]!.stopped).toBe(true);
  });

  it('a page back on a server that starts afresh tells it the words the phones have of an unfinished line, and not of a finished one', async () => {
    const s = setup({ engine: 'deepgram', slot: 'primary', state: 'listening' });
    await vi.waitFor(() => expect(s.engines).toEqual([['deepgram', 'listening']]));
    s.state({ engine: 'deepgram', slot: 'primary', state: 'listening', interim: 'Grace and peace', seq: 3 });
    const again = fakeSocket({ engine: 'deepgram', slot: 'primary', state: 'listening' });
    s.recognizer.detach();
    s.recognizer.attach(again.socket, SERMON);
    expect(again.sent.find(([e]) => e === recognitionEvents.audioStart)?.[1]).toEqual({ sermonId: SERMON, shown: { seq: 3, text: 'Grace and peace' } });
    again.state({ engine: 'deepgram', slot: 'primary', state: 'listening', heard: { seq: 3, text: 'Grace and peace to you' } });
    const third = fakeSocket({ engine: 'deepgram', slot: 'primary', state: 'listening' });
    s.recognizer.attach(third.socket, SERMON);
    expect(third.sent.find(([e]) => e === recognitionEvents.audioStart)?.[1]).toEqual({ sermonId: SERMON });
  });

  it('starts with the browser when the server has no engine listening yet', async () => {
    const s = setup({ engine: 'deepgram', slot: 'primary', state: 'failed' });
    await vi.waitFor(() => expect(s.standIns[0]?.started).toBe(true));
    expect(s.engines.at(-1)).toEqual(['browser', 'listening']);
  });

  it('without a recogniser in the browser, the speaker is told none listens', () => {
    const engines: [string | null, string][] = [];
    const errors: string[] = [];
    const recognizer = createServerRecognizer({
      onInterim: () => undefined, onFinal: () => undefined, onError: (c) => errors.push(c), onListeningChange: () => undefined,
      onEngine: (engine, state) => engines.push([engine, state]),
    });
    const fake = fakeSocket({ engine: 'deepgram', slot: 'primary' });
    recognizer.attach(fake.socket, SERMON);
    fake.state({ engine: null, slot: null, state: 'failed' });
    expect(engines.at(-1)).toEqual([null, 'failed']);
    expect(errors).toEqual(['serviceError']);
  });

  it('says the browser is only on its way until its recogniser says it started', async () => {
    const s = setup({ engine: 'deepgram', slot: 'primary', state: 'failed' }, { startsListening: false });
    await vi.waitFor(() => expect(s.standIns[0]?.started).toBe(true));
    expect(s.engines.at(-1)).toEqual(['browser', 'switching']);
    s.standIns[0]!.callbacks.onInterim('Grace and');
    expect(s.engines.at(-1)).toEqual(['browser', 'listening']);
  });
});

/** The browser's real recogniser over a SpeechRecognition that fails as Chrome's does. */
function failingRecognition(error: string) {
  const made: SpeechRecognitionLike[] = [];
  class Recognition {
    continuous = false; interimResults = false; lang = ''; maxAlternatives = 1;
    onstart: (() => void) | null = null;
    onresult: SpeechRecognitionLike['onresult'] = null;
    onerror: ((e: { error: string }) => void) | null = null;
    onend: (() => void) | null = null;
    constructor() {
      made.push(this as unknown as SpeechRecognitionLike);
    }
    start() {
      // Chrome with a busy or missing microphone: an error, then the end, without starting.
      queueMicrotask(() => {
        this.onerror?.({ error });
        this.onend?.();
      });
    }
    stop() {}
    abort() {}
  }
  return { made, fallback: (cb: RecognizerCallbacks) => createWebSpeechRecognizer({ Ctor: Recognition, lang: 'en-AU', callbacks: cb }) };
}

describe('what the speaker is told hears them while no engine on the server does', () => {
  it('a browser recogniser that fails with audio-capture is not claimed: no engine hears, and it is not tried again', async () => {
    const r = failingRecognition('audio-capture');
    const s = setup({ engine: 'deepgram', slot: 'primary', state: 'listening' }, { makeFallback: r.fallback });
    await vi.waitFor(() => expect(s.engines).toEqual([['deepgram', 'listening']]));
    // It failed while it stood by (decision 060): when the engines fail, no one is said to be on the way.
    await vi.waitFor(() => expect(r.made).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    s.state({ engine: null, slot: null, state: 'failed' });
    expect(s.engines.at(-1)).toEqual([null, 'failed']);
    expect(s.engines.some(([e, st]) => e === 'browser' && st === 'listening')).toBe(false);
    expect(s.errors).toContain('serviceError');
    // The server's next try fails too: the broken recogniser is not started again.
    s.state({ engine: null, slot: null, state: 'failed' });
    expect(r.made).toHaveLength(1);
    expect(s.engines.at(-1)).toEqual([null, 'failed']);
    s.state({ engine: 'assemblyai', slot: 'failover', state: 'listening' });
    expect(s.engines.at(-1)).toEqual(['assemblyai', 'listening']);
  });

  it.each(['not-allowed', 'service-not-allowed'])('a browser recogniser refused (%s) is not claimed', async (error) => {
    const r = failingRecognition(error);
    const s = setup({ engine: 'deepgram', slot: 'primary', state: 'failed' }, { makeFallback: r.fallback });
    await vi.waitFor(() => expect(s.engines.at(-1)).toEqual([null, 'failed']));
  });

  it('a browser recogniser that lost its service says no engine hears until it hears words again', async () => {
    const s = setup({ engine: 'deepgram', slot: 'primary', state: 'failed' });
    await vi.waitFor(() => expect(s.engines.at(-1)).toEqual(['browser', 'listening']));
    s.standIns[0]!.callbacks.onError('network', false);
    expect(s.engines.at(-1)).toEqual([null, 'failed']);
    // It restarts itself; starting again is no proof it hears.
    s.standIns[0]!.callbacks.onListeningChange(true);
    expect(s.engines.at(-1)).toEqual([null, 'failed']);
    // Silence is not a failure.
    s.standIns[0]!.callbacks.onFinal('Grace and peace');
    expect(s.engines.at(-1)).toEqual(['browser', 'listening']);
    s.standIns[0]!.callbacks.onError('noSpeech', false);
    expect(s.engines.at(-1)).toEqual(['browser', 'listening']);
    expect(s.finals).toEqual(['Grace and peace']);
  });
});

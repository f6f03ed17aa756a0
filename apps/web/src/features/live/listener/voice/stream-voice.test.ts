import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamVoice } from './stream-voice';

const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
const UNKNOWN = 'SomeBrowser/1.0';

/** Workers the player started: what each was asked to feed, and a way to answer as the worker would. */
const workers: Array<{ asked: string | null; told: Array<{ type: string }>; terminated: boolean; answer(data: unknown): void }> = [];

/** A browser by what it says it is and by whether its Media Source takes MP3 in a worker. */
function browserIs(userAgent: string, workerMediaSource = true) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.stubGlobal('MediaSource', workerMediaSource ? { canConstructInDedicatedWorker: true, isTypeSupported: (type: string) => type === 'audio/mpeg' } : undefined);
  vi.stubGlobal('ManagedMediaSource', undefined);
  vi.stubGlobal('AudioDecoder', undefined);
  vi.stubGlobal('Worker', class {
    onmessage: ((e: MessageEvent) => void) | null = null;
    readonly record = { asked: null as string | null, told: [] as Array<{ type: string }>, terminated: false, answer: (data: unknown) => this.onmessage?.({ data } as MessageEvent) };
    constructor() {
      workers.push(this.record);
    }
    postMessage(m: { type: string; url?: string }) {
      if (m.type === 'open') this.record.asked = m.url ?? null;
      else this.record.told.push(m);
    }
    terminate() {
      this.record.terminated = true;
    }
  });
}

function audio() {
  const element = document.createElement('audio');
  vi.spyOn(element, 'play').mockResolvedValue(undefined);
  vi.spyOn(element, 'pause').mockImplementation(() => undefined);
  vi.spyOn(element, 'load').mockImplementation(() => undefined);
  return element;
}

/** A Chromium phone's voice fed from its worker, playing, with what it said of being heard (fake timers). */
function playingFromWorker() {
  vi.useFakeTimers();
  browserIs(CHROME);
  const element = audio();
  const sounding: boolean[] = [];
  const voice = new StreamVoice(element, { onBlocked: () => undefined, onRate: () => undefined, onSounding: (s) => sounding.push(s) });
  voice.play('/v.mp3');
  workers[0]!.answer({ type: 'handle', handle: {} });
  vi.spyOn(element, 'paused', 'get').mockReturnValue(false);
  return { element, voice, sounding };
}

afterEach(() => {
  workers.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the voice stream on a phone', () => {
  it('on Chromium feeds its element from a worker, asking the stream without its priming silence', () => {
    browserIs(CHROME);
    const element = audio();
    const voice = new StreamVoice(element, { onBlocked: () => undefined, onRate: () => undefined });
    voice.play('/api/v1/sermons/s1/voice/pt/female.mp3');
    expect(workers).toHaveLength(1);
    expect(workers[0]!.asked).toMatch(/^\/api\/v1\/sermons\/s1\/voice\/pt\/female\.mp3\?s=[a-z0-9]+&prime=0$/);
    const handle = { kind: 'handle' };
    workers[0]!.answer({ type: 'handle', handle });
    expect(element.srcObject).toBe(handle);
    expect(element.play).toHaveBeenCalled();
    expect(element.getAttribute('src')).toBeNull();
    // The tap and the screen catching up both ask to play: one stream, not two.
    voice.play('/api/v1/sermons/s1/voice/pt/female.mp3');
    expect(workers).toHaveLength(1);
  });

  it('opens the stream again at the live edge once, a second later, when the worker cannot feed it', () => {
    vi.useFakeTimers();
    browserIs(CHROME);
    const voice = new StreamVoice(audio(), { onBlocked: () => undefined, onRate: () => undefined });
    voice.play('/v.mp3');
    workers[0]!.answer({ type: 'ended' });
    workers[0]!.answer({ type: 'ended' });
    vi.advanceTimersByTime(1000);
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    voice.stop();
    expect(workers[1]!.terminated).toBe(true);
  });

  it('on Chromium sets a waiting element going as soon as speech has come, not for silence', () => {
    const { element, voice } = playingFromWorker();
    const position = 20;
    const seeks: number[] = [];
    vi.spyOn(element, 'currentTime', 'get').mockImplementation(() => position);
    vi.spyOn(element, 'currentTime', 'set').mockImplementation((t: number) => seeks.push(t));
    let held = 20.06;
    vi.spyOn(element, 'buffered', 'get').mockImplementation(() => ({ length: 1, start: () => 0, end: () => held }) as unknown as TimeRanges);
    element.dispatchEvent(new Event('playing'));
    element.dispatchEvent(new Event('waiting'));
    // Silence came: it waits on (the next word would only be heard after it).
    held = 20.2;
    workers[0]!.answer({ type: 'bytes', ranges: [{ from: 20.06, to: 20.2 }], bridged: false, speech: false });
    vi.advanceTimersByTime(100);
    expect(seeks).toEqual([]);
    // A word came: once appended, the element is set going where it stands, well before the 0.3 s it waited for before.
    held = 20.7;
    workers[0]!.answer({ type: 'bytes', ranges: [], bridged: false, speech: true });
    vi.advanceTimersByTime(60);
    expect(seeks).toEqual([20]);
    voice.stop();
  });

  it('on Chromium sets an element that ran dry going again where it stands once it holds enough', () => {
    vi.useFakeTimers();
    browserIs(CHROME);
    const element = audio();
    const voice = new StreamVoice(element, { onBlocked: () => undefined, onRate: () => undefined });
    voice.play('/v.mp3');
    workers[0]!.answer({ type: 'handle', handle: {} });
    vi.spyOn(element, 'paused', 'get').mockReturnValue(false);
    let position = 12.5;
    const seeks: number[] = [];
    vi.spyOn(element, 'currentTime', 'get').mockImplementation(() => position);
    vi.spyOn(element, 'currentTime', 'set').mockImplementation((t: number) => {
      seeks.push(t);
      position = t;
    });
    let held = 12.5;
    vi.spyOn(element, 'buffered', 'get').mockImplementation(() => ({ length: 1, start: () => 0, end: () => held }) as unknown as TimeRanges);
    element.dispatchEvent(new Event('waiting'));
    // Dry with nothing in hand: it waits for the stream.
    vi.advanceTimersByTime(1000);
    expect(seeks).toEqual([]);
    // The stream went on, the element did not: it is set going where it stands, skipping nothing.
    held = 13.2;
    vi.advanceTimersByTime(500);
    expect(seeks).toEqual([12.5]);
    // Still not playing: set going again now and then, and opened again at the live edge 4 s after it stalled.
    vi.advanceTimersByTime(1000);
    expect(seeks.length).toBeGreaterThan(1);
    expect(workers).toHaveLength(1);
    vi.advanceTimersByTime(1750);
    expect(workers).toHaveLength(2);
    voice.stop();
  });

  it('on WebKit (Managed Media Source) never sends an element that ran dry back to where it says it stands', () => {
    vi.useFakeTimers();
    browserIs(UNKNOWN, false);
    vi.stubGlobal('ManagedMediaSource', class extends EventTarget {
      static isTypeSupported = (type: string) => type === 'audio/mpeg';
      readyState = 'closed';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:voice', revokeObjectURL: () => undefined }));
    const element = audio();
    const voice = new StreamVoice(element, { onBlocked: () => undefined, onRate: () => undefined });
    voice.play('/v.mp3');
    expect(workers).toHaveLength(0);
    expect(element.getAttribute('src')).toBe('blob:voice');
    vi.spyOn(element, 'paused', 'get').mockReturnValue(false);
    const seeks: number[] = [];
    vi.spyOn(element, 'currentTime', 'get').mockReturnValue(29.35);
    vi.spyOn(element, 'currentTime', 'set').mockImplementation((t: number) => seeks.push(t));
    vi.spyOn(element, 'buffered', 'get').mockReturnValue({ length: 1, start: () => 0, end: () => 30.34 } as unknown as TimeRanges);
    element.dispatchEvent(new Event('waiting'));
    // Its currentTime while it waits lags where it plays: a seek there would replay what was heard.
    vi.advanceTimersByTime(1500);
    expect(seeks).toEqual([]);
    voice.stop();
  });

  it('on WebKit (Managed Media Source) never changes the speed, and leaves out silence while it holds more than it needs', async () => {
    vi.useFakeTimers();
    browserIs(UNKNOWN, false);
    let asked: ((fedS: number) => boolean | undefined) | null = null;
    vi.stubGlobal('ManagedMediaSource', class extends EventTarget {
      static isTypeSupported = (type: string) => type === 'audio/mpeg';
      readyState = 'closed';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:voice', revokeObjectURL: () => undefined }));
    const feed = await import('./mse-feed');
    vi.spyOn(feed, 'feedSource').mockImplementation((_source, _url, events) => {
      asked = (fedS) => events.holdsTooMuch?.(fedS);
      // Quiet all along: only the path holds a speed change back.
      events.onBytes([{ from: 0, to: 100 }]);
      return new Promise(() => undefined);
    });
    const element = audio();
    const voice = new StreamVoice(element, { onBlocked: () => undefined, onRate: () => undefined });
    voice.play('/v.mp3');
    vi.spyOn(element, 'paused', 'get').mockReturnValue(false);
    vi.spyOn(element, 'currentTime', 'get').mockReturnValue(10);
    vi.spyOn(element, 'buffered', 'get').mockReturnValue({ length: 1, start: () => 0, end: () => 12.4 } as unknown as TimeRanges);
    element.dispatchEvent(new Event('playing'));
    vi.advanceTimersByTime(2000);
    // Holding 2.4 s in the quiet: a Chromium phone would play faster; this one leaves silence out.
    expect(element.playbackRate).toBe(1);
    expect(asked).not.toBeNull();
    // Fed 12.4 s of the stream while it plays at 10 s: silence is left out; at 10.3 s it is kept.
    expect(asked!(12.4)).toBe(true);
    expect(asked!(10.3)).toBe(false);
    voice.stop();
  });

  it('on Chromium changes its speed only where the stream is quiet, never in the middle of a word', () => {
    vi.useFakeTimers();
    browserIs(CHROME);
    const element = audio();
    const rates: number[] = [];
    const voice = new StreamVoice(element, { onBlocked: () => undefined, onRate: (r) => rates.push(r) });
    voice.play('/v.mp3');
    workers[0]!.answer({ type: 'handle', handle: {} });
    vi.spyOn(element, 'paused', 'get').mockReturnValue(false);
    let position = 10;
    vi.spyOn(element, 'currentTime', 'get').mockImplementation(() => position);
    // Holding 1.5 s of speech: it would play it away faster.
    vi.spyOn(element, 'buffered', 'get').mockImplementation(() => ({ length: 1, start: () => 0, end: () => position + 1.5 }) as unknown as TimeRanges);
    vi.advanceTimersByTime(1000);
    expect(rates).toEqual([]);
    expect(element.playbackRate).toBe(1);
    // The worker finds the quiet before the next piece, 0.1 s ahead: the change waits for it.
    workers[0]!.answer({ type: 'bytes', ranges: [{ from: 10.1, to: 10.16 }] });
    vi.advanceTimersByTime(250);
    position = 10.05;
    vi.advanceTimersByTime(40);
    expect(element.playbackRate).toBe(1);
    position = 10.11;
    vi.advanceTimersByTime(100);
    expect(element.playbackRate).toBeGreaterThan(1);
    expect(rates).toHaveLength(1);
    voice.stop();
  });

  it('a page hidden (the screen locked) goes back to normal speed at once, even in a word, and paces again only if its scripts run on', () => {
    const { element, voice } = playingFromWorker();
    let position = 10;
    vi.spyOn(element, 'currentTime', 'get').mockImplementation(() => position);
    // Holding 3 s: it plays them away faster, starting in the quiet it is in.
    vi.spyOn(element, 'buffered', 'get').mockImplementation(() => ({ length: 1, start: () => 0, end: () => position + 3 }) as unknown as TimeRanges);
    workers[0]!.answer({ type: 'bytes', ranges: [{ from: 10, to: 10.2 }] });
    vi.advanceTimersByTime(1000);
    expect(element.playbackRate).toBeGreaterThan(1);
    // In a word (no quiet range there) the screen locks: its scripts may stop any moment now.
    position = 11;
    voice.hidden();
    expect(element.playbackRate).toBe(1);
    expect(element.defaultPlaybackRate).toBe(1);
    // Its scripts ran on: it plays the backlog away again from the next quiet.
    workers[0]!.answer({ type: 'bytes', ranges: [{ from: 11.1, to: 11.3 }] });
    position = 11.15;
    vi.advanceTimersByTime(1000);
    expect(element.playbackRate).toBeGreaterThan(1);
    voice.stop();
  });

  it('tells its worker where the element plays: hidden, so it keeps the element from running dry; shown, so it leaves out silence the live edge does not need', () => {
    const { element, voice } = playingFromWorker();
    let position = 10;
    vi.spyOn(element, 'currentTime', 'get').mockImplementation(() => position);
    vi.spyOn(element, 'readyState', 'get').mockReturnValue(4);
    vi.spyOn(element, 'buffered', 'get').mockImplementation(() => ({ length: 1, start: () => 0, end: () => position + 0.5 }) as unknown as TimeRanges);
    const told = workers[0]!.told as Array<{ type: string; playhead?: { atS: number; rate: number; when: number } }>;
    // Nothing before it first plays: a wait then is its start, not the live edge.
    vi.advanceTimersByTime(1000);
    expect(told).toEqual([]);
    element.dispatchEvent(new Event('playing'));
    vi.advanceTimersByTime(1000);
    // Shown, each pace tells where it plays (decision 067).
    expect(told.at(-1)).toEqual({ type: 'shown', playhead: { atS: 10, rate: 1, when: Date.now() } });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    voice.hidden();
    expect(told.at(-1)).toEqual({ type: 'hidden', playhead: { atS: 10, rate: 1, when: Date.now() } });
    // Its scripts still run: each pace tells it again, where the element now is.
    position = 10.5;
    vi.advanceTimersByTime(500);
    expect(told.at(-1)).toMatchObject({ type: 'hidden', playhead: { atS: 10.5, rate: 1 } });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    voice.shown();
    expect(told.at(-1)).toEqual({ type: 'shown', playhead: { atS: 10.5, rate: 1, when: Date.now() } });
    // Silence the worker appended is not the stream's bytes: an element waiting on a stream that
    // sends none is still opened again.
    element.dispatchEvent(new Event('waiting'));
    // A waiting element stands still: the worker is told so.
    vi.advanceTimersByTime(250);
    expect(told.at(-1)).toMatchObject({ type: 'shown', playhead: { atS: 10.5, rate: 0 } });
    for (let i = 0; i < 50; i++) {
      workers[0]!.answer({ type: 'bytes', ranges: [{ from: 11, to: 11.1 }], bridged: true });
      vi.advanceTimersByTime(100);
    }
    expect(workers).toHaveLength(2);
    voice.stop();
  });

  it('feeds from a worker by what the browser can do, whatever its user agent says (headless Chromium, an unknown name)', () => {
    for (const ua of [HEADLESS, UNKNOWN]) {
      browserIs(ua);
      new StreamVoice(audio(), { onBlocked: () => undefined, onRate: () => undefined }).play('/v.mp3');
    }
    expect(workers).toHaveLength(2);
  });

  it('plays the plain stream where no feed is there, and never opens again a stream still filling', () => {
    vi.useFakeTimers();
    browserIs(CHROME, false);
    const element = audio();
    const voice = new StreamVoice(element, { onBlocked: () => undefined, onRate: () => undefined });
    voice.play('/v.mp3');
    expect(workers).toHaveLength(0);
    const first = element.getAttribute('src');
    expect(first).toMatch(/^\/v\.mp3\?s=[a-z0-9]+$/);
    vi.spyOn(element, 'paused', 'get').mockReturnValue(false);
    // Waiting for data while bytes keep coming (a loader filling its first block): left alone.
    element.dispatchEvent(new Event('waiting'));
    for (let i = 0; i < 40; i++) {
      element.dispatchEvent(new Event('progress'));
      vi.advanceTimersByTime(250);
    }
    expect(element.getAttribute('src')).toBe(first);
    // No byte for 4 s while waiting: the connection is gone, and the live edge is opened again.
    vi.advanceTimersByTime(4250);
    expect(element.getAttribute('src')).not.toBe(first);
    voice.stop();
  });

  it('says the voice is heard only while the element plays, not while it waits for its first sound', () => {
    const { element, voice, sounding } = playingFromWorker();
    let ready = 1;
    vi.spyOn(element, 'readyState', 'get').mockImplementation(() => ready);
    vi.advanceTimersByTime(1000);
    expect(sounding).toEqual([]);
    ready = 4;
    vi.advanceTimersByTime(250);
    expect(sounding).toEqual([true]);
    element.dispatchEvent(new Event('waiting'));
    vi.advanceTimersByTime(250);
    expect(sounding).toEqual([true, false]);
    voice.stop();
  });

  it('says the voice is no longer heard a second after its words end, while the element plays on through the stream\'s silence', () => {
    const { element, voice, sounding } = playingFromWorker();
    vi.spyOn(element, 'readyState', 'get').mockReturnValue(4);
    let at = 0;
    vi.spyOn(element, 'currentTime', 'get').mockImplementation(() => at);
    // Words from 0 to 3 s, then the stream's silence from 3 s on (the worker found it quiet).
    workers[0]!.answer({ type: 'bytes', ranges: [{ from: 3, to: 20 }] });
    for (let t = 0; t < 3; t += 0.25) {
      at = t;
      vi.advanceTimersByTime(250);
    }
    expect(sounding).toEqual([true]);
    // Playing on into the silence (the backlog the server wrote after the last line): a second later, not heard.
    for (let t = 3; t < 5; t += 0.25) {
      at = t;
      vi.advanceTimersByTime(250);
    }
    expect(sounding).toEqual([true, false]);
    voice.stop();
  });
});

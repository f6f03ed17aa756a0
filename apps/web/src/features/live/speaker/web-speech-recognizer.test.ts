import { describe, expect, it, vi } from 'vitest';
import type { RecognizerCallbacks } from './recognizer-types';
import {
  MAX_QUICK_RESTARTS,
  QUICK_SESSION_MS,
  createWebSpeechRecognizer,
  type SpeechRecognitionLike,
  type SpeechRecognitionResultEventLike,
} from './web-speech-recognizer';

/** A fake recogniser driven by the test; `start()` while started throws, as Chrome's does. */
class FakeRecognition implements SpeechRecognitionLike {
  static last: FakeRecognition | null = null;
  continuous = false;
  interimResults = false;
  lang = '';
  maxAlternatives = 0;
  onstart: (() => void) | null = null;
  onresult: ((event: SpeechRecognitionResultEventLike) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  running = false;
  starts = 0;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    if (this.running) throw new DOMException('already started', 'InvalidStateError');
    this.running = true;
    this.starts += 1;
    this.onstart?.();
  }
  stop() {
    this.end();
  }
  abort() {
    this.end();
  }
  end() {
    if (!this.running) return;
    this.running = false;
    this.onend?.();
  }
  result(items: Array<[string, boolean]>, resultIndex = 0) {
    const results = items.map(([transcript, isFinal]) => Object.assign([{ transcript }], { isFinal }));
    this.onresult?.({ resultIndex, results });
  }
}

function setup() {
  let now = 0;
  const timers: Array<{ fn: () => void; at: number }> = [];
  const callbacks = {
    onInterim: vi.fn<RecognizerCallbacks['onInterim']>(),
    onFinal: vi.fn<RecognizerCallbacks['onFinal']>(),
    onError: vi.fn<RecognizerCallbacks['onError']>(),
    onListeningChange: vi.fn<RecognizerCallbacks['onListeningChange']>(),
  };
  const recognizer = createWebSpeechRecognizer({
    Ctor: FakeRecognition,
    lang: 'es-ES',
    callbacks,
    timers: {
      now: () => now,
      setTimeout: (fn, ms) => {
        const t = { fn, at: now + ms };
        timers.push(t);
        return t;
      },
      clearTimeout: (handle) => {
        const i = timers.indexOf(handle as (typeof timers)[number]);
        if (i >= 0) timers.splice(i, 1);
      },
    },
  });
  const advance = (ms: number) => {
    now += ms;
    for (const t of [...timers].sort((a, b) => a.at - b.at)) {
      if (t.at <= now) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    }
  };
  return { recognizer, callbacks, advance, rec: () => FakeRecognition.last! };
}

describe('web speech recogniser', () => {
  it('listens continuously with interim results in the spoken language', () => {
    const { recognizer, callbacks, rec } = setup();
    recognizer.start();
    expect(rec().continuous).toBe(true);
    expect(rec().interimResults).toBe(true);
    expect(rec().lang).toBe('es-ES');
    expect(callbacks.onListeningChange).toHaveBeenLastCalledWith(true);
  });

  it('reports interim words as they change and finished phrases once', () => {
    const { recognizer, callbacks, rec } = setup();
    recognizer.start();
    rec().result([['gracia', false]]);
    expect(callbacks.onInterim).toHaveBeenLastCalledWith('gracia');
    rec().result([['Gracia y paz.', true], ['a todos', false]]);
    expect(callbacks.onFinal).toHaveBeenCalledWith('Gracia y paz.');
    expect(callbacks.onInterim).toHaveBeenLastCalledWith('a todos');
    expect(callbacks.onFinal).toHaveBeenCalledTimes(1);
  });

  it('restarts itself after the browser ends a session on silence', () => {
    const { recognizer, callbacks, advance, rec } = setup();
    recognizer.start();
    advance(8000);
    rec().onerror?.({ error: 'no-speech' });
    rec().end();
    advance(0);
    expect(rec().starts).toBe(2);
    expect(callbacks.onError).toHaveBeenCalledWith('noSpeech', false);
    expect(callbacks.onListeningChange).not.toHaveBeenCalledWith(false);
  });

  it('gives up with "too many restart attempts" after repeated quick failures', () => {
    const { recognizer, callbacks, advance, rec } = setup();
    recognizer.start();
    for (let i = 0; i <= MAX_QUICK_RESTARTS; i++) {
      rec().onerror?.({ error: 'network' });
      rec().end();
      advance(QUICK_SESSION_MS);
    }
    expect(callbacks.onError).toHaveBeenLastCalledWith('tooManyRestarts', true);
    expect(callbacks.onListeningChange).toHaveBeenLastCalledWith(false);
    const starts = rec().starts;
    advance(60_000);
    expect(rec().starts).toBe(starts);
  });

  it('stops for good on a denied or missing microphone', () => {
    for (const [error, code] of [
      ['not-allowed', 'permissionDenied'],
      ['audio-capture', 'noMicrophone'],
    ] as const) {
      const { recognizer, callbacks, advance, rec } = setup();
      recognizer.start();
      rec().onerror?.({ error });
      advance(5000);
      expect(callbacks.onError).toHaveBeenCalledWith(code, true);
      expect(rec().starts).toBe(1);
    }
  });

  it('does not restart after the speaker stops it, even with a restart pending', () => {
    const { recognizer, callbacks, advance, rec } = setup();
    recognizer.start();
    rec().onerror?.({ error: 'network' });
    rec().end();
    recognizer.stop();
    advance(10_000);
    expect(rec().starts).toBe(1);
    expect(callbacks.onListeningChange).toHaveBeenLastCalledWith(false);
  });
});

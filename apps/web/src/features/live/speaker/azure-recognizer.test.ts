import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpeechTokenResponse } from '@app/shared';
import { createAzureRecognizer, tokenRefreshDelayMs, type SpeechSdk } from './azure-recognizer';
import type { RecognizerCallbacks } from './recognizer-types';

type Handler = (sender: unknown, event: unknown) => void;

/** Just enough of the Speech SDK: recognisers the test can drive, and the enums the code reads. */
function fakeSdk() {
  const made: FakeRecognizer[] = [];
  const phraseLists: Array<{ rec: FakeRecognizer; list: string[] }> = [];
  class FakeRecognizer {
    authorizationToken = '';
    recognizing: Handler | null = null;
    recognized: Handler | null = null;
    canceled: Handler | null = null;
    sessionStopped: Handler | null = null;
    started = false;
    closed = false;
    constructor(readonly config: { token: string; language?: string }) {
      made.push(this);
    }
    startContinuousRecognitionAsync(ok: () => void) {
      this.started = true;
      ok();
    }
    stopContinuousRecognitionAsync(ok: () => void) {
      this.started = false;
      ok();
    }
    close() {
      this.closed = true;
    }
  }
  const sdk = {
    SpeechConfig: {
      fromAuthorizationToken: (token: string) => ({
        token,
        speechRecognitionLanguage: '',
        setProperty: vi.fn(),
      }),
    },
    AudioConfig: { fromDefaultMicrophoneInput: () => ({}) },
    SpeechRecognizer: FakeRecognizer,
    PhraseListGrammar: { fromRecognizer: (rec: FakeRecognizer) => ({ addPhrases: (list: string[]) => phraseLists.push({ rec, list }) }) },
    PropertyId: { Speech_SegmentationSilenceTimeoutMs: 31 },
    ResultReason: { RecognizedSpeech: 3, NoMatch: 0 },
    CancellationReason: { Error: 1, EndOfStream: 2 },
    CancellationErrorCode: {
      AuthenticationFailure: 1, BadRequestParameters: 2, TooManyRequests: 3, ConnectionFailure: 4, ServiceTimeout: 5,
      ServiceError: 6, RuntimeError: 7, Forbidden: 8,
    },
  };
  return { sdk: sdk as unknown as SpeechSdk, made, phraseLists };
}

const token = (value: string, minutes = 10): SpeechTokenResponse => ({
  token: value, region: 'australiaeast', expiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
});

function callbacks() {
  return {
    onInterim: vi.fn<RecognizerCallbacks['onInterim']>(),
    onFinal: vi.fn<RecognizerCallbacks['onFinal']>(),
    onError: vi.fn<RecognizerCallbacks['onError']>(),
    onListeningChange: vi.fn<RecognizerCallbacks['onListeningChange']>(),
  };
}

describe('Azure recogniser', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renews the token a minute before it expires, and never later than nine minutes', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(tokenRefreshDelayMs(new Date(now + 10 * 60_000).toISOString(), now)).toBe(9 * 60_000);
    expect(tokenRefreshDelayMs(new Date(now + 5 * 60_000).toISOString(), now)).toBe(4 * 60_000);
    expect(tokenRefreshDelayMs('not a date', now)).toBe(8 * 60_000);
  });

  it('hears the spoken language with the server token, reporting interim and final text', () => {
    const { sdk, made } = fakeSdk();
    const cb = callbacks();
    createAzureRecognizer({ sdk, token: token('t1'), locale: 'pt-BR', callbacks: cb, fetchToken: vi.fn() }).start();
    const rec = made[0]!;
    expect(rec.config).toMatchObject({ token: 't1', speechRecognitionLanguage: 'pt-BR' });
    expect(cb.onListeningChange).toHaveBeenCalledWith(true);
    rec.recognizing?.(null, { result: { text: 'graça e' } });
    rec.recognized?.(null, { result: { reason: 3, text: 'Graça e paz. ' } });
    expect(cb.onInterim).toHaveBeenCalledWith('graça e');
    expect(cb.onFinal).toHaveBeenCalledWith('Graça e paz.');
  });

  it('gives the recogniser the glossary terms as a phrase list before it starts listening', async () => {
    const { sdk, made, phraseLists } = fakeSdk();
    const cb = callbacks();
    createAzureRecognizer({ sdk, token: token('t1'), locale: 'en-AU', callbacks: cb, fetchToken: vi.fn(), phrases: Promise.resolve(['Harbour City Church', 'Nehemiah']) }).start();
    expect(made).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(made).toHaveLength(1);
    expect(phraseLists).toEqual([{ rec: made[0], list: ['Harbour City Church', 'Nehemiah'] }]);
    expect(cb.onListeningChange).toHaveBeenCalledWith(true);
  });

  it('gives the running recogniser a fresh token before the old one expires', async () => {
    const { sdk, made } = fakeSdk();
    const fetchToken = vi.fn(async () => token('t2'));
    createAzureRecognizer({ sdk, token: token('t1'), locale: 'en-AU', callbacks: callbacks(), fetchToken }).start();
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(made[0]!.authorizationToken).toBe('t2');
  });

  it('starts again with a new token after an authentication failure', async () => {
    const { sdk, made } = fakeSdk();
    const fetchToken = vi.fn(async () => token('t2'));
    const cb = callbacks();
    createAzureRecognizer({ sdk, token: token('t1'), locale: 'en-AU', callbacks: cb, fetchToken }).start();
    vi.advanceTimersByTime(5000);
    made[0]!.canceled?.(null, { reason: 1, errorCode: 1, errorDetails: 'token expired' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(made).toHaveLength(2);
    expect(made[1]!.config.token).toBe('t2');
    expect(made[0]!.closed).toBe(true);
    expect(cb.onError).not.toHaveBeenCalledWith(expect.anything(), true);
  });

  it('stops with "microphone permission denied" when the microphone is refused', () => {
    const { sdk, made } = fakeSdk();
    const cb = callbacks();
    createAzureRecognizer({ sdk, token: token('t1'), locale: 'en-AU', callbacks: cb, fetchToken: vi.fn() }).start();
    made[0]!.canceled?.(null, { reason: 1, errorCode: 7, errorDetails: 'NotAllowedError: Permission denied' });
    expect(cb.onError).toHaveBeenCalledWith('permissionDenied', true);
    expect(cb.onListeningChange).toHaveBeenLastCalledWith(false);
  });

  it('gives up after too many quick restarts when the service keeps dropping', async () => {
    const { sdk, made } = fakeSdk();
    const cb = callbacks();
    createAzureRecognizer({ sdk, token: token('t1'), locale: 'en-AU', callbacks: cb, fetchToken: vi.fn() }).start();
    // Each new session fails at once: a quick restart every time.
    for (let i = 0; i < 10 && made.at(-1)!.started; i++) {
      const before = made.length;
      made.at(-1)!.canceled?.(null, { reason: 1, errorCode: 4, errorDetails: 'connection failed' });
      for (let waited = 0; made.length === before && waited < 10_000; waited += 100) await vi.advanceTimersByTimeAsync(100);
    }
    expect(cb.onError).toHaveBeenCalledWith('network', false);
    expect(cb.onError).toHaveBeenLastCalledWith('tooManyRestarts', true);
    expect(made).toHaveLength(6);
  });
});

import type { Recognizer, RecognizerCallbacks, RecognizerErrorCode } from './recognizer-types';

/** The part of the Web Speech API we use; TypeScript's DOM library does not declare it. */
export interface SpeechRecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  maxAlternatives: number;
  onstart: (() => void) | null;
  onresult: ((event: SpeechRecognitionResultEventLike) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
}

export interface SpeechRecognitionResultEventLike {
  resultIndex: number;
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

export type SpeechRecognitionCtor = new () => SpeechRecognitionLike;

/** `SpeechRecognition` (Chrome, Edge) or `webkitSpeechRecognition` (Safari), or null (Firefox, WebViews). */
export function findSpeechRecognition(win: Window = window): SpeechRecognitionCtor | null {
  const w = win as Window & { SpeechRecognition?: SpeechRecognitionCtor; webkitSpeechRecognition?: SpeechRecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/**
 * A session that ends this soon after starting without hearing anything counts as a quick restart;
 * this many in a row means recognition cannot work here (no network to the browser's speech service,
 * a busy microphone), and we stop with "Too many restart attempts" instead of spinning.
 */
export const QUICK_SESSION_MS = 3000;
export const MAX_QUICK_RESTARTS = 5;

interface Timers {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const defaultTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

const fatalErrors: Record<string, RecognizerErrorCode> = {
  'audio-capture': 'noMicrophone',
  'not-allowed': 'permissionDenied',
  'service-not-allowed': 'permissionDenied',
  'language-not-supported': 'languageNotSupported',
};

/**
 * The browser's recogniser, for churches without an Azure speech key. Even with `continuous` it ends
 * after a few seconds of silence, so it restarts itself from `onend` until the speaker stops it
 * (SPEECH-AND-TRANSLATION.md, "Web Speech API").
 */
export function createWebSpeechRecognizer(opts: {
  Ctor: SpeechRecognitionCtor;
  lang: string;
  callbacks: RecognizerCallbacks;
  timers?: Timers;
}): Recognizer {
  const { Ctor, lang, callbacks } = opts;
  const timers = opts.timers ?? defaultTimers;
  let rec: SpeechRecognitionLike | null = null;
  // Whether the speaker wants to be listening; `onend` restarts only while this holds.
  let wanted = false;
  let running = false;
  let startedAt = 0;
  let heardSomething = false;
  let quickRestarts = 0;
  let restartTimer: unknown = null;

  function clearRestart() {
    if (restartTimer !== null) timers.clearTimeout(restartTimer);
    restartTimer = null;
  }

  function giveUp(code: RecognizerErrorCode) {
    wanted = false;
    clearRestart();
    callbacks.onInterim('');
    callbacks.onError(code, true);
    callbacks.onListeningChange(false);
    if (running) rec?.abort();
  }

  function begin() {
    if (!rec || running) return;
    heardSomething = false;
    startedAt = timers.now();
    try {
      rec.start();
      running = true;
    } catch {
      // start() while already started throws InvalidStateError; the running session carries on.
    }
  }

  function create(): SpeechRecognitionLike {
    const r = new Ctor();
    r.continuous = true;
    r.interimResults = true;
    r.lang = lang;
    r.maxAlternatives = 1;
    r.onstart = () => callbacks.onListeningChange(true);
    r.onresult = (event) => {
      heardSomething = true;
      quickRestarts = 0;
      let interim = '';
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        const text = result?.[0]?.transcript.trim() ?? '';
        if (!result || !text) continue;
        if (result.isFinal) callbacks.onFinal(text);
        else interim = interim ? `${interim} ${text}` : text;
      }
      callbacks.onInterim(interim);
    };
    r.onerror = (event) => {
      const fatal = fatalErrors[event.error];
      if (fatal) return giveUp(fatal);
      if (event.error === 'no-speech') callbacks.onError('noSpeech', false);
      else if (event.error === 'network') callbacks.onError('network', false);
      else if (event.error !== 'aborted') callbacks.onError('serviceError', false);
    };
    r.onend = () => {
      running = false;
      callbacks.onInterim('');
      if (!wanted) return;
      const quick = !heardSomething && timers.now() - startedAt < QUICK_SESSION_MS;
      quickRestarts = quick ? quickRestarts + 1 : 0;
      if (quickRestarts > MAX_QUICK_RESTARTS) return giveUp('tooManyRestarts');
      // Back off a little on quick failures; restart at once after ordinary silence.
      restartTimer = timers.setTimeout(() => {
        restartTimer = null;
        if (wanted) begin();
      }, quick ? 300 * quickRestarts : 0);
    };
    return r;
  }

  return {
    kind: 'browser',
    start() {
      if (wanted) return;
      wanted = true;
      quickRestarts = 0;
      rec ??= create();
      begin();
    },
    stop() {
      if (!wanted && !running) return;
      wanted = false;
      clearRestart();
      // stop() (not abort) lets the phrase being spoken arrive as a final result.
      if (running) rec?.stop();
      callbacks.onListeningChange(false);
    },
  };
}

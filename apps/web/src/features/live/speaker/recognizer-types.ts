import type { RecognitionStateEvent, ServerRecognitionKind } from '@app/shared';

/**
 * What every recogniser (Azure Speech SDK, the browser's Web Speech API, or the server's engine) reports to the speaker
 * screen. Codes map to the go-live messages of spec section 8 (`live.speaker.errors.<code>`).
 */
export type RecognizerErrorCode =
  | 'notSupported'
  | 'noMicrophone'
  | 'permissionDenied'
  | 'noSpeech'
  | 'tooManyRestarts'
  | 'network'
  | 'languageNotSupported'
  | 'serviceError';

export interface RecognizerCallbacks {
  /**
   * Words recognised so far in the current phrase; replaced as recognition refines them. `own`:
   * recognised in this page while the server's engines are down (the browser's recogniser standing
   * in): sent to listeners as the page's own interim text is (decision 059).
   */
  onInterim: (text: string, own?: boolean) => void;
  /** A finished phrase: sent to listeners exactly like a typed line. */
  onFinal: (text: string) => void;
  /** `fatal` errors stop recognition; the others are shown and recognition carries on. */
  onError: (code: RecognizerErrorCode, fatal: boolean) => void;
  onListeningChange: (listening: boolean) => void;
  /** Server recognition: a phrase the church's engine heard, already sent to listeners as line `seq`. */
  onHeard?: (seq: number, text: string) => void;
  /**
   * Server recognition: which engine listens now, or that none can (decision 038); `browser`: the
   * server's engines are down and the browser's own recogniser listens until one answers (decision 043).
   */
  onEngine?: (engine: ServerRecognitionKind | 'browser' | null, state: RecognitionStateEvent['state']) => void;
}

export interface Recognizer {
  readonly kind: 'azure' | 'browser' | 'server';
  /** Call from a tap: iOS allows the microphone only then. */
  start: () => void;
  stop: () => void;
}

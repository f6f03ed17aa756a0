/**
 * What every recogniser (Azure Speech SDK or the browser's Web Speech API) reports to the speaker
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
  /** Words recognised so far in the current phrase; replaced as recognition refines them. */
  onInterim: (text: string) => void;
  /** A finished phrase: sent to listeners exactly like a typed line. */
  onFinal: (text: string) => void;
  /** `fatal` errors stop recognition; the others are shown and recognition carries on. */
  onError: (code: RecognizerErrorCode, fatal: boolean) => void;
  onListeningChange: (listening: boolean) => void;
}

export interface Recognizer {
  readonly kind: 'azure' | 'browser';
  /** Call from a tap: iOS allows the microphone only then. */
  start: () => void;
  stop: () => void;
}

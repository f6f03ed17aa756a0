import type { RecognizerErrorCode } from './recognizer-types';

export type SpeakerPhase = 'setup' | 'starting' | 'live' | 'ending' | 'ended';
/** Spec section 4: the speaker is ready to start, listening, or stopped. */
export type RecognizerStatus = 'ready' | 'listening' | 'stopped';

/** Everything the screen may have to tell the speaker; each maps to `live.speaker.errors.<code>`. */
export type SpeakerProblemCode =
  | RecognizerErrorCode
  | 'translationFailed'
  | 'addSermonFailed'
  | 'streamLimitReached'
  | 'notAllowed'
  | 'startStreamFailed'
  | 'stopStreamFailed'
  | 'statusUpdateFailed'
  | 'segmentFailed'
  /** The livestream's captions are not getting through (decision 037); the sermon goes on. */
  | 'livestreamFailed';

export interface SpeakerProblem {
  code: SpeakerProblemCode;
  /** Fatal problems stay until dismissed; the others are notes the session carries on after. */
  fatal: boolean;
}

/** Notes that stop being true as soon as speech is heard again. */
export const TRANSIENT: ReadonlySet<SpeakerProblemCode> = new Set(['noSpeech', 'network', 'serviceError']);

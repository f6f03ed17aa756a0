/**
 * Live constants without zod, so a listener's phone can use them without downloading the schema
 * library (the listener page's bundle budget, decision 005).
 */
export const LIVE_NAMESPACE = '/live';
export const MAX_SEGMENT_CHARS = 1000;

export const liveEvents = {
  // client → server (with acknowledgement callbacks)
  speakerJoin: 'speaker:join',
  segment: 'speaker:segment',
  pause: 'speaker:pause',
  listenerJoin: 'listener:join',
  listenerPrefs: 'listener:prefs',
  listenerCatchUp: 'listener:catch-up',
  listenerLeave: 'listener:leave',
  // server → client
  caption: 'caption',
  state: 'sermon:state',
  ended: 'sermon:ended',
  warning: 'sermon:warning',
  error: 'live:error',
  /** A piece of settled text the voice says (decision 039): phones speaking with their own voice use it. */
  voicePiece: 'voice:piece',
  /** How far behind the pastor each language's voice runs (to its listeners and the speaker). */
  voiceStatus: 'voice:status',
} as const;

/** A piece of settled text for the listeners' voice (decision 039). */
export interface VoicePiece {
  sermonId: string;
  language: string;
  seq: number;
  index: number;
  text: string;
  /** When its words were settled (server clock, ms). */
  settledAt: number;
}

/** How the server voice of one language keeps up: seconds behind the pastor and its speed. */
export interface VoiceStatus {
  sermonId: string;
  language: string;
  /** Seconds between the words being settled and heard, for the newest piece. */
  behindS: number;
  rate: number;
  /** Pieces left out past the hard limit (their captions stay). */
  skipped: number;
}

/** The hard limits of the voice's pace, shared by the server voice and the phone's own (decision 039). */
export const VOICE_MAX_RATE = 1.3;

/** Where a live sermon's voice streams in one language (one continuous MP3 per language and voice). */
export function sermonVoicePath(sermonId: string, language: string, voice: 'male' | 'female'): string {
  return `/api/v1/sermons/${sermonId}/voice/${encodeURIComponent(language)}/${voice}.mp3`;
}

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
} as const;

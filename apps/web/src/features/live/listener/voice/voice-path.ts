/**
 * How this browser plays the voice stream, chosen by what it can do, never by its name (decision
 * 049). The stream is one MP3 per language (decision 045); in order of preference:
 *
 * - `worker`: Media Source made in a dedicated worker (Chromium 108+). Bytes are playable as they
 *   come, and the worker goes on feeding while the page's scripts are frozen (decision 039).
 * - `managed`: Managed Media Source on the page (Safari 17.1+, WebKitGTK). WebKit's loader gives a
 *   plain stream's element no buffered ranges, so the pacer could never see a backlog to play away.
 * - `page`: Media Source on the page, where it takes MP3 but not in a worker.
 * - `remuxed`: Media Source on the page, given the stream's frames in MP4 fragments: Firefox, whose
 *   Media Source takes MP3 only in MP4 (`audio/mp4; codecs="mp3"`) and whose plain element waits
 *   for ~12 s of this stream before it starts. The element plays them, so its speed can change
 *   with the pitch kept, as on every other path.
 * - `decoded`: the page fetches the stream and decodes it itself (WebCodecs), into Web Audio, where
 *   Media Source takes MP3 in no container but WebCodecs decodes it.
 * - `plain`: the element loads the stream itself; what is left for any other browser.
 */
export type VoicePath = 'worker' | 'managed' | 'page' | 'remuxed' | 'decoded' | 'plain';

/** What the page can use, read from the browser's own objects (all optional: any may be missing). */
export interface VoiceCapabilities {
  MediaSource?: { isTypeSupported(type: string): boolean; canConstructInDedicatedWorker?: boolean };
  ManagedMediaSource?: { isTypeSupported(type: string): boolean };
  Worker?: unknown;
  AudioDecoder?: unknown;
  AudioContext?: unknown;
}

export const MP3 = 'audio/mpeg';
/** The same frames in MP4 (mp4-fragments.ts). */
export const MP3_IN_MP4 = 'audio/mp4; codecs="mp3"';

export function voicePathFor(c: VoiceCapabilities): VoicePath {
  const mse = c.MediaSource;
  if (mse && c.Worker && mse.canConstructInDedicatedWorker === true && safe(() => mse.isTypeSupported(MP3))) return 'worker';
  const managed = c.ManagedMediaSource;
  if (managed && safe(() => managed.isTypeSupported(MP3))) return 'managed';
  if (mse && safe(() => mse.isTypeSupported(MP3))) return 'page';
  if (mse && safe(() => mse.isTypeSupported(MP3_IN_MP4))) return 'remuxed';
  // WebCodecs' MP3 is confirmed only asynchronously: the decoded player falls back to `plain` if refused.
  if (c.AudioDecoder && c.AudioContext) return 'decoded';
  return 'plain';
}

/** This browser's path. */
export function browserVoicePath(): VoicePath {
  const g = globalThis as unknown as VoiceCapabilities;
  return voicePathFor({
    MediaSource: g.MediaSource,
    ManagedMediaSource: g.ManagedMediaSource,
    Worker: g.Worker,
    AudioDecoder: g.AudioDecoder,
    AudioContext: g.AudioContext,
  });
}

function safe(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

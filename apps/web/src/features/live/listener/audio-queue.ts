/** 25 ms of silence: played inside the first tap so iOS lets this element play later clips. */
export const SILENT_WAV =
  'data:audio/wav;base64,UklGRuwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YcgAAACAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgA==';

/**
 * Clips waiting behind the one playing before the queue skips ahead: more than this means the voice
 * has fallen behind the speaker, and listeners want what is said now, not a backlog.
 */
export const MAX_WAITING_CLIPS = 2;

/**
 * Plays caption audio through ONE reused element (iOS unlocks an element, not the page, on a tap).
 * A `play()` the browser blocks is reported once and never retried in a loop.
 */
export class AudioQueue {
  private waiting: string[] = [];
  private playing = false;
  private unlocking = false;

  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly onBlocked: () => void = () => undefined,
  ) {
    audio.preload = 'auto';
    audio.addEventListener('ended', () => this.playNext());
    // A clip that fails to load (synthesis failed, network) is skipped, not retried.
    audio.addEventListener('error', () => {
      if (!this.unlocking) this.playNext();
    });
  }

  /** Call from a tap handler. */
  unlock(): void {
    if (this.playing) return;
    this.unlocking = true;
    this.audio.src = SILENT_WAV;
    const done = () => {
      this.unlocking = false;
      if (!this.playing) this.playNext();
    };
    this.audio.play().then(done, done);
  }

  enqueue(url: string): void {
    this.waiting.push(url);
    if (this.waiting.length > MAX_WAITING_CLIPS) this.waiting = this.waiting.slice(-1);
    if (!this.playing && !this.unlocking) this.playNext();
  }

  /** How many clips wait behind the one playing (for tests and the screen). */
  get backlog(): number {
    return this.waiting.length;
  }

  clear(): void {
    this.waiting = [];
    this.playing = false;
    this.audio.pause();
  }

  private playNext(): void {
    const url = this.waiting.shift();
    if (!url) {
      this.playing = false;
      return;
    }
    this.playing = true;
    this.audio.src = url;
    this.audio.play().catch((err: unknown) => {
      this.playing = false;
      if (err instanceof DOMException && err.name === 'NotAllowedError') {
        this.waiting = [];
        this.onBlocked();
      } else if (!(err instanceof DOMException && err.name === 'AbortError')) {
        this.playNext();
      }
    });
  }
}

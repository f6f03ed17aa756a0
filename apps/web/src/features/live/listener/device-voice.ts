import { MAX_WAITING_CLIPS } from './audio-queue';

/** Whether this browser can speak text itself (not every one can: feature-detect). */
export function hasDeviceVoice(win: Window = window): boolean {
  return 'speechSynthesis' in win && typeof (win as Window & { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance === 'function';
}

/** The best installed voice for a locale: exact match, then same language. */
export function pickVoice(voices: SpeechSynthesisVoice[], locale: string): SpeechSynthesisVoice | undefined {
  const want = locale.toLowerCase();
  const lang = want.split('-')[0];
  return (
    voices.find((v) => v.lang.toLowerCase().replace('_', '-') === want) ??
    voices.find((v) => v.lang.toLowerCase().split(/[-_]/)[0] === lang)
  );
}

/**
 * The device's own voice, for churches without a speech key. Like the audio queue it never drifts
 * far behind the speaker: with more than a couple of lines waiting it drops them and says the newest.
 */
export class DeviceVoice {
  private pending = 0;
  private generation = 0;

  constructor(private readonly synth: SpeechSynthesis = window.speechSynthesis) {}

  /** Call from a tap: iOS speaks only after speech was started by one. */
  unlock(): void {
    const u = new SpeechSynthesisUtterance(' ');
    u.volume = 0;
    this.synth.speak(u);
  }

  speak(text: string, locale: string): void {
    if (this.pending > MAX_WAITING_CLIPS) this.clear();
    const generation = this.generation;
    const u = new SpeechSynthesisUtterance(text);
    u.lang = locale;
    const voice = pickVoice(this.synth.getVoices(), locale);
    if (voice) u.voice = voice;
    const finished = () => {
      if (generation === this.generation) this.pending = Math.max(0, this.pending - 1);
    };
    u.onend = finished;
    u.onerror = finished;
    this.pending += 1;
    this.synth.speak(u);
  }

  clear(): void {
    this.generation += 1;
    this.pending = 0;
    this.synth.cancel();
  }
}

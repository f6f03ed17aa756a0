import { voiceRateFor } from '@app/shared';

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

/** Characters a voice says in a second at normal speed (about 150 words a minute). */
const CHARS_PER_SECOND = 14;

/**
 * The device's own voice, for churches without a speech key (decision 039), with the same policy as
 * the server's: it says the settled pieces as they come, one after another, and when they pile up it
 * says the next one faster (up to 1.3×, `voiceRateFor`), never leaving one out.
 */
export class DeviceVoice {
  private readonly waiting: Array<{ text: string; locale: string }> = [];
  private speaking = false;
  private generation = 0;
  private rate = 1;

  constructor(
    private readonly synth: SpeechSynthesis = window.speechSynthesis,
    private readonly onRate: (rate: number) => void = () => undefined,
  ) {}

  /** Call from a tap: iOS speaks only after speech was started by one. */
  unlock(): void {
    const u = new SpeechSynthesisUtterance(' ');
    u.volume = 0;
    this.synth.speak(u);
  }

  speak(text: string, locale: string): void {
    this.waiting.push({ text, locale });
    if (!this.speaking) this.next();
  }

  /** Pieces waiting behind the one being said. */
  get backlog(): number {
    return this.waiting.length;
  }

  clear(): void {
    this.generation += 1;
    this.waiting.length = 0;
    this.speaking = false;
    this.setRate(1);
    this.synth.cancel();
  }

  private next(): void {
    const piece = this.waiting.shift();
    if (!piece) {
      this.speaking = false;
      this.setRate(1);
      return;
    }
    this.speaking = true;
    // What still waits behind this piece: the queue the voice has to work off (as on the server).
    const waitingS = this.waiting.reduce((n, p) => n + p.text.length, 0) / CHARS_PER_SECOND;
    this.setRate(voiceRateFor(waitingS, this.rate));
    const generation = this.generation;
    const u = new SpeechSynthesisUtterance(piece.text);
    u.lang = piece.locale;
    u.rate = this.rate;
    const voice = pickVoice(this.synth.getVoices(), piece.locale);
    if (voice) u.voice = voice;
    const finished = () => {
      if (generation === this.generation) this.next();
    };
    u.onend = finished;
    u.onerror = finished;
    this.synth.speak(u);
  }

  private setRate(rate: number): void {
    if (rate === this.rate) return;
    this.rate = rate;
    this.onRate(rate);
  }
}

/**
 * Text that will not change any more, as it is settled (decision 037): every final caption, and
 * the committed part of a partial translation (decision 030: what a partial shows is a beginning
 * of what follows). Livestream caption feeds listen here; the live pipeline only announces.
 */
export interface SettledCaption {
  sermonId: string;
  churchId: string;
  /** The line's seq. */
  seq: number;
  language: string;
  /** The whole line so far (a partial) or the line (a final). */
  text: string;
  final: boolean;
  /** When the line's words began to be said (epoch ms of the live clock). */
  spokenAt: number;
}

export class SettledCaptions {
  private readonly listeners: Array<(c: SettledCaption) => void> = [];

  on(listener: (c: SettledCaption) => void): void {
    this.listeners.push(listener);
  }

  announce(c: SettledCaption): void {
    for (const l of this.listeners) l(c);
  }
}

/**
 * What the phones have of the phrase being said (decision 059). An engine's interim text reaches
 * every phone as it comes; when that engine fails mid-phrase, those words are the phones' already.
 * The next engine is replayed only the audio after the last of them (its end, from the engine's
 * word times), so it never says them again and starts on new words at once; its phrase continues
 * them: its interim text and final line are led by them, and the line keeps when they began. When
 * no engine listens next (the page's own recogniser stands in), they go as a line of their own,
 * before any of the page's.
 */
/**
 * A new engine's phrase that begins this long after the carried words end is a phrase of its own
 * (the speaker had finished the sentence; the engine failed before saying so): samples at 16 kHz.
 * Words within a sentence are a tenth of a second or two apart; engines end a phrase on a longer pause.
 */
const PAUSE_SAMPLES = 0.4 * 16_000;

export class ShownWords {
  /** The phrase in progress on the engine listening: its text, where its last word ends (ring sample), when it began. */
  private current: { text: string; to: number | undefined; saidAt: number | undefined } | null = null;
  /** Words the phones have of a phrase an engine before this one began. */
  private carried: { text: string; to: number; saidAt: number | undefined } | null = null;

  /** Interim text of the engine listening: what the phones are sent, and when its first words were said. */
  interim(text: string, to: number | undefined, saidAt: number | undefined): { text: string; saidAt: number | undefined } {
    this.current = { text, to, saidAt };
    return { text: join(this.carried?.text, text), saidAt: this.carried?.saidAt ?? saidAt };
  }

  /** A final phrase (what is left of it to say): the line, led by the words carried over. */
  final(text: string, saidAt: number | undefined): { text: string; saidAt: number | undefined } {
    const carried = this.carried;
    this.current = null;
    this.carried = null;
    return { text: join(carried?.text, text), saidAt: carried?.saidAt ?? saidAt };
  }

  /**
   * The engine failed: the words the phones have of its phrase are carried to the next one.
   * Returns the ring sample they end at (the replay starts there), or undefined when the engine
   * gave no word times: then the phrase is replayed whole and its words are not carried.
   */
  carry(): number | undefined {
    const c = this.current;
    this.current = null;
    if (!c || c.to === undefined) return undefined;
    this.carried = { text: join(this.carried?.text, c.text), to: c.to, saidAt: this.carried?.saidAt ?? c.saidAt };
    return c.to;
  }

  /**
   * The engine listening timed a phrase from ring sample `from`: when that is after a pause since
   * the carried words, they were a phrase of their own and are taken to go as their own line.
   */
  apart(from: number | undefined): { text: string; saidAt: number | undefined } | null {
    if (!this.carried || from === undefined || from - this.carried.to < PAUSE_SAMPLES) return null;
    return this.takeCarried();
  }

  /**
   * Words the phones have of a line another process heard (it stopped): carried as they are, with
   * no audio here to tell a pause by, and no time (the line's stored start is kept, decision 044).
   */
  continueLine(text: string): void {
    this.carried = { text, to: Number.POSITIVE_INFINITY, saidAt: undefined };
  }

  /** The words carried, taken to go as a line of their own. */
  takeCarried(): { text: string; saidAt: number | undefined } | null {
    const c = this.carried;
    this.carried = null;
    return c;
  }
}

function join(a: string | undefined, b: string): string {
  return a ? (b ? `${a} ${b}` : a) : b;
}

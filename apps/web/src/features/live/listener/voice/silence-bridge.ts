/**
 * A hidden page's element kept from running dry (decision 065). A locked phone's page may run no
 * script, so nothing sets a stalled element going: Chromium waits until it holds 0.9–1.7 s, and the
 * voice stays that much later until the phone is unlocked. The worker that feeds it runs on. Told
 * where the element played when the page was hidden and how fast, it knows where it plays now (a
 * hidden page plays at normal speed, decision 064). When the stream comes late and the element
 * would run dry, the worker appends silence; the stream's own silence after it is left out until
 * that much has been, so the voice comes back to where it was. Pieces are never touched.
 *
 * Shown, the page's scripts keep the element going, and the worker is told where it plays all the
 * same: at the live edge the element holds little of the stream's silence, so a piece that comes
 * is heard after that little, not after the whole write-ahead (decision 067). A pause in the voice
 * is kept to a pause's length however much the element holds.
 *
 * Pure: the feed asks it, with the seconds fed and the time now.
 */

/** Below this much held, silence is appended: one late chunk of a loaded phone, and a margin. */
export const BRIDGE_BELOW_S = 0.25;
/** Appended up to this much held. */
export const BRIDGE_TO_S = 0.35;

/**
 * Owed no more than this: a stream this late has stopped, and the page, when its scripts run, opens
 * it again after 4 s without bytes (stream-voice.ts); silence past it would only hide that.
 */
export const BRIDGE_AT_MOST_S = 4;

/**
 * Shown, the stream's silence is left out while the element holds more than this: a few of the
 * server's 40 ms writes, so a late one does not run it dry (decision 067).
 */
export const SHOWN_KEEP_S = 0.15;
/** Shown, a pause is cut no shorter than this: a line's end still sounds like one. */
export const PAUSE_KEPT_S = 0.25;

/** Where the page's element played, at what speed (0 while it waits), and when (`Date.now()`, shared with the page). */
export interface Playhead {
  atS: number;
  rate: number;
  when: number;
}

export class SilenceBridge {
  private playhead: Playhead | null = null;
  private shown = false;
  /** Seconds of silence appended and not yet left out of the stream's. */
  private owed = 0;

  /** The page is hidden, or tells again where its element plays. */
  anchor(playhead: Playhead): void {
    this.playhead = playhead;
    this.shown = false;
  }

  /**
   * The page is shown and tells where its element plays: its own scripts pace the element again, a
   * backlog is theirs to play away, nothing is bridged, and silence beyond the live edge's is left out.
   */
  follow(playhead: Playhead): void {
    this.playhead = playhead;
    this.shown = true;
    this.owed = 0;
  }

  /** How many silent frames of `frameS` to append now, given `fedS` fed so far. */
  framesWanted(fedS: number, now: number, frameS: number): number {
    const held = this.held(fedS, now);
    if (held === null || this.shown || held >= BRIDGE_BELOW_S) return 0;
    const frames = Math.min(Math.ceil((BRIDGE_TO_S - held) / frameS), Math.floor((BRIDGE_AT_MOST_S - this.owed) / frameS));
    if (frames <= 0) return 0;
    this.owed += frames * frameS;
    return frames;
  }

  /**
   * Whether the stream's silent frame of `frameS`, `pauseS` into a pause, is left out: shown, while
   * the element waits, or holds more than the live edge's margin once the pause has been heard;
   * hidden, when silence is owed and more than enough held.
   */
  leavesOut(fedS: number, now: number, frameS: number, pauseS = 0): boolean {
    const held = this.held(fedS, now);
    if (held === null) return false;
    // A waiting element is at the live edge: the next word is best heard the moment it comes.
    if (this.shown) return this.playhead!.rate === 0 || (held - frameS >= SHOWN_KEEP_S && pauseS >= PAUSE_KEPT_S);
    if (this.owed < frameS / 2 || held - frameS < BRIDGE_TO_S) return false;
    this.owed -= frameS;
    return true;
  }

  private held(fedS: number, now: number): number | null {
    if (!this.playhead) return null;
    const { atS, rate, when } = this.playhead;
    return fedS - (atS + (rate * Math.max(0, now - when)) / 1000);
  }
}

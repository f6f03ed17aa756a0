/**
 * When a line's first words were said (decision 044). The speaker's page measures it at the line's
 * first interim text (a typed line: when it was typed), keeps it in its outbox with the line, and
 * sends it with the final on the server's clock (corrected by the offset measured when it joined).
 * So a line whose final reaches the server after a restart, a crash, a move to another process, or
 * from the outbox after the speaker was offline, keeps the time it was said; every caption time
 * stamp, subtitle cue and listen-again time is read from it. What the page says is checked: a time
 * from a wrong clock or an old page never moves a line into the future, before the sermon began,
 * or absurdly far back.
 */

/** A speaker's clock corrected by a measured offset is a little off; within this it is believed. */
export const CLOCK_TOLERANCE_MS = 2_000;
/** No line takes this long from its first words to the server: a claim older is from a stale page. */
export const MAX_LINE_AGE_MS = 2 * 60 * 60_000;

export interface LineTimeInput {
  /** What the speaker's page says (server clock, epoch ms), if anything. */
  claimed?: number | undefined;
  /** This process's own note of the line's first interim, if it heard one (lost on a restart). */
  heardFirstAt?: number | undefined;
  /** When the final arrived. */
  arrivedAt: number;
  /** When the sermon began. */
  sermonStartedAt: number;
}

/** The line's start: the page's time when it is believable, else this process's, else its arrival. */
export function lineSpokenAt({ claimed, heardFirstAt, arrivedAt, sermonStartedAt }: LineTimeInput): number {
  const believable = (at: number | undefined): at is number =>
    at !== undefined && Number.isFinite(at)
    && at <= arrivedAt + CLOCK_TOLERANCE_MS
    && at >= sermonStartedAt - CLOCK_TOLERANCE_MS
    && at >= arrivedAt - MAX_LINE_AGE_MS;
  const at = believable(claimed) ? claimed : believable(heardFirstAt) ? heardFirstAt : arrivedAt;
  // Within the tolerance, a little ahead or before the start is the clocks' difference: clamped.
  return Math.max(sermonStartedAt, Math.min(at, arrivedAt));
}

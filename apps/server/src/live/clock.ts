/**
 * The live pipeline reads time only through this, so tests can move time by hand instead of waiting
 * five minutes for a speaker's grace period or two hours for a weekly limit.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until told to move (tests). */
export class ManualClock implements Clock {
  constructor(private at: number = Date.now()) {}

  now(): number {
    return this.at;
  }

  advance(ms: number): void {
    this.at += ms;
  }

  set(at: number): void {
    this.at = at;
  }
}

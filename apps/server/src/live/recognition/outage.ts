import { RECOGNITION_SAMPLE_RATE } from '@app/shared';
import type { AudioRing } from './audio-ring';

/** A word cut where the page's recogniser began is replayed up to its end, at most this far on. */
const CUT_WORD_SAMPLES = RECOGNITION_SAMPLE_RATE;

/**
 * A time no engine on the server listens (decisions 043, 058), from ring sample `from`. The page's
 * own recogniser may stand in: it hears from when it starts (`pageHears`), a moment after the
 * outage began, and once it sends anything that audio is the page's and is not replayed to the
 * engine that comes back. The audio before it is no one's: it is replayed, with the word going on
 * as the page's recogniser began heard whole, so a word cut between the two is heard by one.
 */
export class Outage {
  /** The page sent text of its own (interim or a line) meanwhile. */
  covered = false;
  private pageFrom: number | undefined;

  constructor(readonly from: number) {}

  /** The page's recogniser hears from ring sample `sample`. */
  pageHears(sample: number, ringEnd: number): void {
    this.pageFrom = Math.max(this.from, Math.min(ringEnd, sample));
  }

  /** Where the page's audio begins (the replay stops there), or null when all of it is to be replayed. */
  pageAudioFrom(ring: AudioRing): number | null {
    if (!this.covered) return null;
    return this.pageFrom === undefined ? this.from : ring.pauseAfter(this.pageFrom, CUT_WORD_SAMPLES);
  }
}

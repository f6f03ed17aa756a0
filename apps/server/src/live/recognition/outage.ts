import { RECOGNITION_SAMPLE_RATE } from '@app/shared';
import type { AudioRing } from './audio-ring';
import type { AudioTimes } from './audio-times';

/** A word cut where the page's recogniser began is replayed up to its end, at most this far on. */
const CUT_WORD_SAMPLES = RECOGNITION_SAMPLE_RATE;

/**
 * A time no engine on the server listens (decisions 043, 059), from ring sample `from`. The page's
 * own recogniser may stand in: it hears from when it starts (`pageHears`), a moment after the
 * outage began, and once it sends anything that audio is the page's and is not replayed to the
 * engine that comes back. The audio before it is no one's: it is replayed, with the word going on
 * as the page's recogniser began heard whole, so a word cut between the two is heard by one. A page
 * whose recogniser stood by heard all of it (decision 060): nothing of the outage is replayed.
 */
export class Outage {
  /** The page sent text of its own (interim or a line) meanwhile. */
  covered = false;
  private pageFrom: number | undefined;
  /**
   * The page's recogniser heard from before the outage began (it stood by, decision 060): it took
   * over from the phones' last word, so none of the outage is the engine's that comes back.
   */
  private before = false;

  constructor(readonly from: number) {}

  /** The page's recogniser hears from `at` (the session's clock). */
  pageHears(ring: AudioRing, times: AudioTimes, at: number): void {
    const sample = times.sampleAt(at);
    if (sample === undefined) return;
    this.before = sample <= this.from;
    this.pageFrom = Math.max(this.from, Math.min(ring.end, sample));
  }

  /** Where the page's own audio begins: the phones' last word when it stood by, else where its recogniser began, past the word then said. */
  private pageAudio(ring: AudioRing): number {
    if (this.before) return ring.finalisedUpTo;
    return this.pageFrom === undefined ? this.from : ring.pauseAfter(this.pageFrom, CUT_WORD_SAMPLES);
  }

  /**
   * How long before `now` a phrase of the page's recogniser began, which it began to show `agoMs`
   * ago (its first interim, a recogniser's latency after its first word): the speech before then
   * in the ring, back to a pause and no further than where the page's audio begins (the word cut
   * as it began to hear is the engine's).
   */
  phraseAgo(ring: AudioRing, times: AudioTimes, now: number, agoMs: number): number | undefined {
    const shownAt = times.sampleAt(now - agoMs);
    const pageAudio = this.pageAudio(ring);
    const start = shownAt === undefined ? undefined : ring.phraseStart(shownAt, pageAudio);
    const at = start === undefined ? undefined : times.saidAt(start);
    return at === undefined ? undefined : Math.max(agoMs, now - at);
  }

  /** Where the page's audio begins (the replay stops there), or null when all of it is to be replayed. */
  pageAudioFrom(ring: AudioRing): number | null {
    return this.covered ? this.pageAudio(ring) : null;
  }
}

/**
 * When the page's phrase in progress began (the session's clock), found in the audio at its first
 * interim while the ring still holds that audio (the engine taking back drops it): the phrase's
 * line may come after (decision 059).
 */
export class PagePhrase {
  private at: number | undefined;

  /** An interim of the page's at `now`; `findAgo`: how long before `now` its phrase began, from the audio. */
  interim(now: number, findAgo: () => number | undefined): void {
    if (this.at !== undefined) return;
    const ago = findAgo();
    if (ago !== undefined) this.at = now - ago;
  }

  final(): void {
    this.at = undefined;
  }

  /** How long before `now` the phrase began that the page began to show `agoMs` ago; unless the note is of another phrase that never ended (a recogniser is not 5 s late). */
  ago(now: number, agoMs: number): number | undefined {
    const noted = this.at === undefined ? undefined : now - this.at;
    return noted !== undefined && noted - agoMs <= 5000 ? Math.max(agoMs, noted) : undefined;
  }
}

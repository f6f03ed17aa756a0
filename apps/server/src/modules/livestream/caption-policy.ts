/**
 * When a caption feed posts, what, and with which seq (decision 037). Pure: the sender asks it on
 * every tick and carries out the answer; tested with a table (caption-policy.test.ts).
 *
 * YouTube's caption ingestion (docs SPEECH-AND-TRANSLATION.md, "Livestream captions"): about one
 * post a second, `seq` one higher per new post and unchanged on a retry, time stamps within about
 * a minute of its clock, an empty post as a heartbeat in a long silence.
 */

/** A settled piece of text waiting to be posted: when its words were said, and how far it takes the feed. */
export interface QueuedCaption {
  /** When the words were said, this machine's epoch milliseconds. */
  at: number;
  text: string;
  /** The caption position after this piece: segment seq and words of it posted. */
  toSeq: number;
  toChars: number;
}

/** A post sent and not yet acknowledged: retried as it is, with its seq, until it succeeds or is too old. */
export interface PendingPost {
  seq: number;
  captions: QueuedCaption[];
  attempts: number;
  nextTryAt: number;
}

export interface FeedState {
  queue: QueuedCaption[];
  pending: PendingPost | null;
  inFlight: boolean;
  /** The last seq used (0 before the first post). */
  seq: number;
  /** When the last request of this feed left (new, retry or heartbeat); 0 for never. */
  lastPostAt: number;
}

export interface CaptionPolicyOptions {
  /** Fewest milliseconds between two requests of one feed. */
  minGapMs: number;
  /** An empty post after this long without one. */
  heartbeatMs: number;
  /** Captions said longer ago than this are dropped: YouTube refuses stamps about a minute off. */
  maxAgeMs: number;
  /** First retry delay; doubled per failed attempt up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Most captions in one post (a backlog after a short outage goes out over a few seconds). */
  batchMax: number;
}

export const defaultCaptionPolicy: CaptionPolicyOptions = {
  minGapMs: 1000,
  heartbeatMs: 30_000,
  maxAgeMs: 55_000,
  backoffMs: 1000,
  maxBackoffMs: 30_000,
  batchMax: 20,
};

export type FeedStep =
  | { kind: 'wait' }
  /** Send `pending` again with its seq. */
  | { kind: 'retry' }
  /** A new post with `seq` of the first `take` queued captions, after dropping the first `drop` (too old). */
  | { kind: 'post'; seq: number; drop: number; take: number }
  /** The pending post is given up (all or some of it too old); its fresh captions go back to the queue's front. */
  | { kind: 'abandon'; keep: QueuedCaption[] }
  /** The first `drop` queued captions are too old to post: YouTube would refuse them. */
  | { kind: 'drop'; drop: number }
  | { kind: 'heartbeat'; seq: number };

export function nextStep(s: FeedState, now: number, o: CaptionPolicyOptions = defaultCaptionPolicy): FeedStep {
  if (s.inFlight) return { kind: 'wait' };
  const gapOk = now - s.lastPostAt >= o.minGapMs;
  const fresh = (c: QueuedCaption) => now - c.at <= o.maxAgeMs;
  if (s.pending) {
    if (now < s.pending.nextTryAt) return { kind: 'wait' };
    // A retry must be the same post; once part of it is too old it becomes a different one (new seq).
    if (!s.pending.captions.every(fresh)) return { kind: 'abandon', keep: s.pending.captions.filter(fresh) };
    return gapOk ? { kind: 'retry' } : { kind: 'wait' };
  }
  if (!gapOk) return { kind: 'wait' };
  let drop = 0;
  while (drop < s.queue.length && !fresh(s.queue[drop]!)) drop++;
  const take = Math.min(s.queue.length - drop, o.batchMax);
  if (take > 0) return { kind: 'post', seq: s.seq + 1, drop, take };
  if (drop > 0) return { kind: 'drop', drop };
  if (s.lastPostAt > 0 && now - s.lastPostAt >= o.heartbeatMs) return { kind: 'heartbeat', seq: s.seq + 1 };
  return { kind: 'wait' };
}

/** When a failed post is tried again: doubling from backoffMs, never sooner than the next allowed post. */
export function retryAt(attempts: number, now: number, o: CaptionPolicyOptions = defaultCaptionPolicy): number {
  return now + Math.min(o.maxBackoffMs, o.backoffMs * 2 ** Math.max(0, attempts - 1));
}

/** `YYYY-MM-DDTHH:MM:SS.mmm` in UTC, as YouTube reads it (no zone letter). */
export function captionStamp(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 23);
}

/**
 * YouTube's body: per caption its stamp (corrected by `offsetMs`, the ingestion server's clock
 * minus ours) on one line and its text on the next, ending in a newline; stamps never go back.
 */
export function captionBody(captions: readonly QueuedCaption[], offsetMs: number): string {
  let last = 0;
  let body = '';
  for (const c of captions) {
    const at = Math.max(Math.round(c.at + offsetMs), last + 1);
    last = at;
    body += `${captionStamp(at)}\n${c.text.replace(/\r?\n/g, '<br>')}\n`;
  }
  return body;
}

/**
 * The ingestion server's clock minus ours, from the time its answer body gives (YouTube answers
 * with its time; Zoom with nothing, which leaves the offset as it was).
 */
export function clockOffset(answer: string, sentAt: number, answeredAt: number, previous: number): number {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?)/.exec(answer.trim());
  if (!m) return previous;
  const theirs = Date.parse(`${m[1]}Z`);
  return Number.isNaN(theirs) ? previous : theirs - (sentAt + answeredAt) / 2;
}

/** The URL of one post: the feed's URL with `seq` (and Zoom's `lang`) set. */
export function postUrl(base: string, seq: number, kind: 'youtube' | 'zoom', language: string): string {
  const url = new URL(base);
  url.searchParams.set('seq', String(seq));
  if (kind === 'zoom') url.searchParams.set('lang', language);
  return url.toString();
}

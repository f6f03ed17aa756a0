import type { LivestreamFeedKind, LivestreamWarning } from '@app/shared';
import type { SettledCaption } from '../../live/captions/settled-captions';
import { captionBody, clockOffset, defaultCaptionPolicy, nextStep, postUrl, retryAt, type CaptionPolicyOptions, type FeedState, type QueuedCaption } from './caption-policy';
import type { CaptionPost } from './caption-http';
import type { FeedProgress, PostRecord, ProgressStore } from './progress-store';

export interface FeedTarget {
  id: string;
  churchId: string;
  kind: LivestreamFeedKind;
  language: string;
  url: string;
}

export interface SenderDeps {
  store: ProgressStore;
  policy: CaptionPolicyOptions;
  /** A post that takes longer than this counts as failed (and is retried). */
  timeoutMs: number;
  warn(sermonId: string, warning: LivestreamWarning): void;
  /** When each post left, after it was settled (the bench's figure). */
  posted?(feed: FeedTarget, captions: readonly QueuedCaption[], sentAt: number): void;
  post: CaptionPost;
}

/** How far this feed's queue goes: a line's seq and characters of it queued (decision 037). */
interface Position {
  seq: number;
  chars: number;
  /** The line's final came: nothing more of it is queued. */
  complete: boolean;
  text: string;
}

/**
 * One caption feed of one sermon: queues settled text as it comes, posts it as caption-policy.ts
 * says, and keeps its progress in the database (progress-store.ts) so the process that takes
 * over after a restart or failover continues after the last caption acknowledged.
 */
export class FeedSender {
  readonly state: FeedState = { queue: [], pending: null, inFlight: false, seq: 0, lastPostAt: 0 };
  private queued: Position = { seq: 0, chars: 0, complete: true, text: '' };
  private offsetMs = 0;
  private owner = false;
  private leaseCheckedAt = 0;
  private problem: LivestreamWarning['problem'] = null;
  private lastAddAt = 0;
  /** Where the captions posted so far end (the last new post's end). */
  private postedTo = { seq: 0, chars: 0 };

  constructor(private readonly deps: SenderDeps, readonly feed: FeedTarget, readonly sermonId: string) {}

  /**
   * New words of a settled line: a final completes its line; a partial's committed words are
   * queued only for the line after the last final (partials of a line whose predecessor is still
   * being translated wait for its final, so captions leave in order).
   */
  add(c: SettledCaption, now: number): void {
    this.lastAddAt = now;
    const q = this.queued;
    if (c.seq < q.seq || (c.seq === q.seq && q.complete)) return;
    if (c.seq > q.seq && !c.final && !(q.complete && (c.seq === q.seq + 1 || q.seq === 0))) return;
    const same = c.seq === q.seq;
    // Taken over mid-line (resume): only how many of the line's characters were posted is known.
    const resumedMidLine = same && !q.complete && q.text === '' && q.chars > 0;
    if (resumedMidLine && !c.final && c.text.length <= q.chars) return;
    const before = same ? q.text : '';
    let fresh: string;
    if (resumedMidLine) fresh = c.text.slice(q.chars);
    else if (c.text.startsWith(before)) fresh = c.text.slice(before.length);
    else if (!c.final) return; // a partial put right (decision 030): its final settles it
    else fresh = restAfter(c.text, before);
    fresh = fresh.trim();
    this.queued = { seq: c.seq, chars: c.text.length, complete: c.final, text: c.text };
    if (!fresh) return;
    // When these words were said: the line began at spokenAt and reached its end by now, so a
    // piece starting at a share of it began at that share of the time (YouTube shows it then).
    const share = (resumedMidLine ? q.chars : before.length) / Math.max(1, c.text.length);
    const at = Math.round(c.spokenAt + share * Math.max(0, now - c.spokenAt));
    this.state.queue.push({ at, text: fresh, toSeq: c.seq, toChars: c.text.length });
  }

  /**
   * Anything to send, or text came within the last few seconds: a sermon whose speaker moved
   * away keeps its sender (and lease) until this is false, then the process taking over posts.
   */
  busy(now: number): boolean {
    return this.state.queue.length > 0 || this.state.pending !== null || this.state.inFlight || now - this.lastAddAt < 5000;
  }

  /**
   * One step of the policy; `heartbeat` false once the sermon is no longer spoken here. A new
   * post (or heartbeat) comes back as a record to write before `send` (the service writes a
   * tick's records together); a retry comes back with none. Nothing is awaited but the lease.
   */
  prepare(now: number, heartbeat: boolean): { record: PostRecord | null; send: () => Promise<void> } | null {
    if (this.state.inFlight || !this.owner) return null;
    const step = nextStep(this.state, now, this.deps.policy);
    switch (step.kind) {
      case 'wait':
        return null;
      case 'drop':
        this.state.queue.splice(0, step.drop);
        return null;
      case 'abandon':
        this.state.queue.unshift(...step.keep);
        this.state.pending = null;
        return null;
      case 'heartbeat':
        if (!heartbeat) return null;
        this.state.inFlight = true;
        // A seq once used is never used again for another body, whatever becomes of its post.
        this.state.seq = step.seq;
        return { record: this.record(step.seq, []), send: () => this.send(step.seq, []) };
      case 'retry': {
        const pending = this.state.pending!;
        this.state.inFlight = true;
        return { record: null, send: () => this.send(pending.seq, pending.captions) };
      }
      case 'post': {
        this.state.queue.splice(0, step.drop);
        // Stamped now with the ingestion server's clock: a retry, here or after a takeover, is the same body.
        const captions = this.state.queue.splice(0, step.take).map((c) => ({ ...c, at: Math.round(c.at + this.offsetMs) }));
        this.state.pending = { seq: step.seq, captions, attempts: 0, nextTryAt: now };
        this.state.seq = step.seq;
        const last = captions.at(-1)!;
        this.postedTo = { seq: last.toSeq, chars: last.toChars };
        this.state.inFlight = true;
        return { record: this.record(step.seq, captions), send: () => this.send(step.seq, captions) };
      }
    }
  }

  get key(): string {
    return `${this.feed.id} ${this.sermonId}`;
  }

  /** The post's record could not be written: it does not leave (tried again next tick, same seq). */
  unsent(): void {
    this.state.inFlight = false;
    const p = this.state.pending;
    if (p && p.attempts === 0) {
      this.state.queue.unshift(...p.captions);
      this.state.pending = null;
    }
  }

  private record(seq: number, captions: QueuedCaption[]): PostRecord {
    return { feedId: this.feed.id, sermonId: this.sermonId, seq, captions, toSeq: this.postedTo.seq, toChars: this.postedTo.chars };
  }

  /**
   * The feed no longer posts for this sermon (it was removed, or a newer sermon of the church took
   * it): what is queued or waiting for a retry is dropped. True once nothing is in flight, so the
   * lease may be given back.
   */
  retire(): boolean {
    this.state.queue.length = 0;
    this.state.pending = null;
    return !this.state.inFlight;
  }

  /** Gives the feed back (the sermon ended or moved to another process). */
  async release(): Promise<void> {
    if (this.owner) await this.deps.store.release(this.feed.id, this.sermonId);
    this.owner = false;
  }

  /** Whether the lease is to be taken or renewed this tick (the service claims a tick's leases together). */
  leaseDue(now: number): boolean {
    return !this.owner || now - this.leaseCheckedAt >= this.deps.store.renewEveryMs;
  }

  /** The claim's answer: held (with the stored progress, read when this process takes the feed over) or not. */
  async leased(progress: FeedProgress | undefined, now: number): Promise<void> {
    this.leaseCheckedAt = now;
    if (!progress) {
      this.owner = false;
      return;
    }
    if (!this.owner) await this.resume(progress);
    this.owner = true;
  }

  /**
   * Taking the feed over: the last post recorded goes again with its seq (a retry to YouTube,
   * whether or not it arrived), then the lines stored after it, then what came here after those.
   */
  private async resume(p: FeedProgress): Promise<void> {
    this.state.seq = Math.max(this.state.seq, p.seq);
    this.state.pending = p.lastPost ? { seq: p.seq, captions: p.lastPost, attempts: 1, nextTryAt: 0 } : null;
    this.postedTo = { seq: p.toSeq, chars: p.toChars };
    const stored = await this.deps.store.linesAfter(this.sermonId, this.feed.language, p.toSeq);
    const queue: QueuedCaption[] = [];
    // A post that ended mid-line whose final is not stored yet: the rest of that line is still to
    // come (its final arrives here after the takeover), so the line is not complete.
    let at: Position = { seq: p.toSeq, chars: p.toChars, complete: p.toChars === 0, text: '' };
    for (const line of stored) {
      const text = line.seq === p.toSeq ? line.text.slice(p.toChars).trim() : line.text;
      if (text) queue.push({ at: line.spokenAt, text, toSeq: line.seq, toChars: line.text.length });
      at = { seq: line.seq, chars: line.text.length, complete: true, text: line.text };
    }
    const later = this.state.queue.filter((c) => c.toSeq > at.seq);
    this.state.queue = [...queue, ...later];
    if (at.seq > this.queued.seq || (at.seq === this.queued.seq && !this.queued.complete)) this.queued = at;
  }

  private async send(seq: number, captions: QueuedCaption[]): Promise<void> {
    const s = this.state;
    s.inFlight = true;
    const sentAt = Date.now();
    // The gap between two posts counts from when the last one left (YouTube sees arrivals).
    s.lastPostAt = sentAt;
    let problem: LivestreamWarning['problem'] = null;
    let status: number | null = null;
    try {
      const url = postUrl(this.feed.url, seq, this.feed.kind, this.feed.language);
      this.deps.posted?.(this.feed, captions, sentAt);
      const res = await this.deps.post(url, captionBody(captions, 0), this.deps.timeoutMs);
      status = res.status;
      if (res.status >= 200 && res.status < 300) this.offsetMs = clockOffset(res.body, sentAt, Date.now(), this.offsetMs);
      else problem = res.status >= 500 ? 'server_error' : 'rejected';
    } catch (err) {
      problem = (err as Error).name === 'TimeoutError' ? 'timeout' : 'bad_url';
    } finally {
      s.inFlight = false;
    }
    if (problem === null) {
      if (s.pending?.seq === seq) s.pending = null;
    } else if (captions.length > 0 && s.pending?.seq === seq) {
      s.pending.attempts++;
      s.pending.nextTryAt = retryAt(s.pending.attempts, Date.now(), this.deps.policy);
    }
    this.report(problem, status);
  }

  /** The speaker sees a feed start failing, and sees it work again; not every failed attempt. */
  private report(problem: LivestreamWarning['problem'], status: number | null): void {
    if (problem === this.problem) return;
    this.problem = problem;
    this.deps.warn(this.sermonId, { feedId: this.feed.id, kind: this.feed.kind, language: this.feed.language, problem, status });
    if (problem) this.deps.store.saveError(this.feed.id, this.sermonId, `${problem}${status ? ` ${status}` : ''}`).catch(() => undefined);
  }
}

/** A final that differs from its partial: what follows as many words as were posted already. */
function restAfter(text: string, posted: string): string {
  if (!/\s/.test(posted)) return text.slice(posted.length);
  const words = posted.trim().split(/\s+/).length;
  return text.trim().split(/\s+/).slice(words).join(' ');
}

export { defaultCaptionPolicy };

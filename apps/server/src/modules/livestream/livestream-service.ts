import { eq } from 'drizzle-orm';
import { livestreamWarningEvent, type LivestreamWarning } from '@app/shared';
import type { AppContext } from '../../context';
import { livestreamFeeds } from '../../db/schema';
import { outboundOf } from '../../lib/outbound/outbound-client';
import type { LiveService } from '../../live/live-service';
import { provideLiveSources } from '../../live/live-sources';
import { rooms } from '../../live/rooms/room-names';
import type { SermonRoom } from '../../live/rooms/sermon-room';
import type { SettledCaption } from '../../live/captions/settled-captions';
import { postCaptions, type CaptionPost } from './caption-http';
import { defaultCaptionPolicy, type CaptionPolicyOptions } from './caption-policy';
import { FeedSender, type FeedTarget, type SenderDeps } from './feed-sender';
import { FeedChoice } from './feed-choice';
import { ProgressStore, type FeedProgress, type PostRecord } from './progress-store';
import { RepeatLog } from './repeat-log';

export interface LivestreamOptions {
  policy: CaptionPolicyOptions;
  tickMs: number;
  timeoutMs: number;
  /** Feeds are read again after this long (another process may have changed them). */
  feedsTtlMs: number;
  post: CaptionPost;
  posted?: SenderDeps['posted'];
  /** Who holds a feed's lease (tests start a second "process" beside the first). */
  processId?: string;
  leaseMs?: number;
}

const services = new WeakMap<AppContext, LivestreamService>();

/** This process's caption feeds, for the routes that change a church's feeds. */
export function livestreamOf(ctx: AppContext): LivestreamService | undefined {
  return services.get(ctx);
}

/**
 * Live captions to YouTube and Zoom (decision 037), on the process holding the speaker: its
 * sermons' feed languages are translated even with no listener, settled captions are queued per
 * feed, and every tick each feed's sender does what caption-policy.ts says.
 */
export class LivestreamService {
  readonly options: LivestreamOptions;
  private readonly store: ProgressStore;
  private readonly choice: FeedChoice;
  /** When each feed's last request left, for the sender that takes it next (decision 037: a second apart). */
  private readonly lastLeft = new Map<string, number>();
  private readonly problems: RepeatLog;
  private readonly senders = new Map<string, FeedSender>();
  private readonly feeds = new Map<string, { at: number; feeds: Promise<FeedTarget[]> }>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private halted = false;

  constructor(private readonly ctx: AppContext, private readonly live: LiveService, options: Partial<LivestreamOptions> = {}) {
    this.options = { policy: defaultCaptionPolicy, tickMs: 200, timeoutMs: 5000, feedsTtlMs: 10_000, post: (url, body, timeoutMs) => postCaptions(url, body, timeoutMs, outboundOf(ctx.config)), ...options };
    this.store = new ProgressStore(ctx.db, this.options.processId ?? live.cluster.processId, this.options.leaseMs);
    this.choice = new FeedChoice(ctx.db);
    this.problems = new RepeatLog(ctx.log);
    services.set(ctx, this);
    // The live side reads the feed languages when a sermon opens, so its first line is translated into them.
    provideLiveSources(ctx, { feedLanguages: async (churchId) => (await this.feedsOf(churchId)).map((f) => f.language) });
    live.captions.settled.on((c) => this.settled(c));
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
  }

  /** Stops without giving the feeds back, as a process that died (tests). */
  halt(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.halted = true;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.halted = true;
    await Promise.all([...this.senders.values()].map((s) => s.release().catch(() => undefined)));
    this.senders.clear();
  }

  /** A church's feeds changed here: read them again at once. */
  forget(churchId: string): void {
    this.feeds.delete(churchId);
    this.choice.forget(churchId);
  }

  private settled(c: SettledCaption): void {
    if (this.halted) return;
    const now = Date.now();
    void this.feedsOf(c.churchId).then((feeds) => {
      for (const feed of feeds) if (feed.language === c.language) this.sender(feed, c.sermonId).add(c, now);
    }, (err: unknown) => this.problems.error(`feeds ${c.churchId}`, { err, churchId: c.churchId }, 'could not read livestream feeds'));
  }

  async tick(): Promise<void> {
    if (this.ticking || this.halted) return;
    this.ticking = true;
    try {
      await this.step(Date.now());
    } catch (err) {
      this.problems.error('tick', { err }, 'livestream captions tick failed');
    } finally {
      this.ticking = false;
    }
  }

  /**
   * One tick. Every feed is claimed, recorded and sent on its own account: a feed removed while
   * busy, answering errors, slow or huge, fails only itself (decision 037, "No church stops
   * another"); the statements are shared while they work, and split per feed when one fails.
   */
  private async step(now: number): Promise<void> {
    const spoken: Array<{ room: SermonRoom; feeds: FeedTarget[] }> = [];
    for (const room of this.live.rooms()) {
      // Translations are made where the speaker is: that process posts (and heartbeats).
      if (room.ending || (this.live.cluster.enabled && room.speakerSockets.size === 0)) continue;
      const feeds = await this.known(room.churchId);
      if (!feeds?.length) continue;
      room.keepWanted(feeds.map((f) => f.language));
      spoken.push({ room, feeds });
    }
    await this.choice.refresh([
      ...spoken.map((s) => s.room),
      ...[...this.senders.values()].map((s) => ({ id: s.sermonId, churchId: s.feed.churchId, startedAt: 0 })),
    ], now);
    // One feed, one sequence: only the sermon the church's feeds follow posts to them.
    const here = new Set<string>();
    for (const { room, feeds } of spoken) {
      if (this.choice.follows(room.churchId, room.id)) for (const feed of feeds) here.add(this.sender(feed, room.id).key);
    }
    const active: FeedSender[] = [];
    for (const [key, sender] of this.senders) {
      if (here.has(key) || (sender.busy(now) && (await this.stillFollowed(sender)))) {
        active.push(sender);
        continue;
      }
      // Removed, taken by a newer sermon, or done here: dropped, and given back once nothing is in flight.
      if (!sender.retire()) continue;
      this.senders.delete(key);
      this.lastLeft.set(sender.feed.id, Math.max(sender.state.lastPostAt, this.lastLeft.get(sender.feed.id) ?? 0));
      await sender.release().catch((err: unknown) => this.problems.error(`release ${key}`, { err, feedId: sender.feed.id }, 'livestream lease could not be given back'));
    }
    // A sermon taking a feed over keeps the second between requests its predecessor kept.
    for (const s of active) {
      const left = Math.max(s.state.lastPostAt, this.lastLeft.get(s.feed.id) ?? 0);
      s.state.lastPostAt = left;
      this.lastLeft.set(s.feed.id, left);
    }
    // When one lease is due all are renewed: one statement every few seconds, not one per feed.
    if (active.some((s) => s.leaseDue(now))) await this.claim(active, now);
    const ready = active.flatMap((sender) => {
      const step = sender.prepare(now, here.has(sender.key));
      return step ? [{ sender, ...step }] : [];
    });
    // Written before any of them leaves: a process taking over knows each post and its seq.
    // Posts are not awaited: one slow stream never holds the others back.
    for (const s of await this.record(ready)) {
      void s.send().catch((err: unknown) => this.problems.error(`post ${s.sender.key}`, { err, feedId: s.sender.feed.id }, 'livestream caption post failed'));
    }
  }

  /** A sender whose sermon moved to another process finishes what it holds, while its feed exists and follows it. */
  private async stillFollowed(sender: FeedSender): Promise<boolean> {
    if (!this.choice.follows(sender.feed.churchId, sender.sermonId)) return false;
    const feeds = await this.known(sender.feed.churchId);
    return feeds === null || feeds.some((f) => f.id === sender.feed.id);
  }

  private async claim(senders: FeedSender[], now: number): Promise<void> {
    let held: Map<string, FeedProgress>;
    try {
      held = await this.store.claim(senders.map((s) => ({ feedId: s.feed.id, sermonId: s.sermonId })), now);
    } catch (err) {
      this.problems.error('claim', { err }, 'livestream leases could not be claimed together: claimed one by one');
      held = new Map();
      for (const s of senders) {
        try {
          for (const [k, v] of await this.store.claim([{ feedId: s.feed.id, sermonId: s.sermonId }], now)) held.set(k, v);
        } catch (one) {
          this.problems.error(`claim ${s.key}`, { err: one, feedId: s.feed.id, sermonId: s.sermonId }, 'livestream lease failed for one feed');
        }
      }
    }
    await Promise.all(senders.map((s) => s.leased(held.get(s.key), now).catch((err: unknown) => {
      this.problems.error(`resume ${s.key}`, { err, feedId: s.feed.id }, 'livestream feed could not resume its progress');
    })));
  }

  /** Each post's record written (together, or one by one when that fails); those written may leave. */
  private async record<T extends { sender: FeedSender; record: PostRecord | null }>(ready: T[]): Promise<T[]> {
    const records = ready.flatMap((s) => (s.record ? [s.record] : []));
    try {
      await this.store.savePosts(records);
      return ready;
    } catch (err) {
      this.problems.error('record', { err }, 'livestream posts could not be recorded together: one by one');
    }
    const written: T[] = [];
    for (const s of ready) {
      try {
        if (s.record) await this.store.savePosts([s.record]);
        written.push(s);
      } catch (err) {
        s.sender.unsent();
        this.problems.error(`record ${s.sender.key}`, { err, feedId: s.sender.feed.id }, 'livestream post could not be recorded for one feed');
      }
    }
    return written;
  }

  /** The church's feeds, or null when they could not be read (what is held goes on meanwhile). */
  private async known(churchId: string): Promise<FeedTarget[] | null> {
    try {
      return await this.feedsOf(churchId);
    } catch (err) {
      this.problems.error(`feeds ${churchId}`, { err, churchId }, 'could not read livestream feeds');
      return null;
    }
  }

  private sender(feed: FeedTarget, sermonId: string): FeedSender {
    const key = `${feed.id} ${sermonId}`;
    let sender = this.senders.get(key);
    if (!sender) {
      sender = new FeedSender({
        store: this.store,
        policy: this.options.policy,
        timeoutMs: this.options.timeoutMs,
        post: this.options.post,
        posted: this.options.posted,
        warn: (id, warning) => this.warn(id, warning),
      }, feed, sermonId);
      this.senders.set(key, sender);
    }
    return sender;
  }

  /** The speaker's screen shows it; the sermon goes on (decision 037). */
  private warn(sermonId: string, warning: LivestreamWarning): void {
    if (warning.problem) this.problems.warn(`warn ${warning.feedId}`, { sermonId, feedId: warning.feedId, problem: warning.problem, status: warning.status }, 'livestream caption post failed');
    this.live.emitter?.emit(rooms.speaker(sermonId), livestreamWarningEvent, warning);
  }

  private feedsOf(churchId: string): Promise<FeedTarget[]> {
    const cached = this.feeds.get(churchId);
    if (cached && Date.now() - cached.at < this.options.feedsTtlMs) return cached.feeds;
    const feeds = this.ctx.db.select().from(livestreamFeeds).where(eq(livestreamFeeds.churchId, churchId)).then((rows) =>
      rows.flatMap((r) => {
        const url = this.ctx.secrets.decryptOrNull(r.urlEnc);
        return url ? [{ id: r.id, churchId, kind: r.kind, language: r.language, url }] : [];
      }));
    this.feeds.set(churchId, { at: Date.now(), feeds });
    feeds.catch(() => this.feeds.delete(churchId));
    return feeds;
  }
}

/** Caption feeds beside the live pipeline of this process; stopped with it. */
export function startLivestream(ctx: AppContext, live: LiveService, options: Partial<LivestreamOptions> = {}): LivestreamService {
  const service = new LivestreamService(ctx, live, options);
  service.start();
  ctx.onClose(() => service.close());
  return service;
}

import { eq } from 'drizzle-orm';
import { livestreamWarningEvent, type LivestreamWarning } from '@app/shared';
import type { AppContext } from '../../context';
import { livestreamFeeds } from '../../db/schema';
import type { LiveService } from '../../live/live-service';
import { rooms } from '../../live/room-names';
import type { SettledCaption } from '../../live/settled-captions';
import { postCaptions, type CaptionPost } from './caption-http';
import { defaultCaptionPolicy, type CaptionPolicyOptions } from './caption-policy';
import { FeedSender, type FeedTarget, type SenderDeps } from './feed-sender';
import { ProgressStore } from './progress-store';

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
  private readonly senders = new Map<string, FeedSender>();
  private readonly feeds = new Map<string, { at: number; feeds: Promise<FeedTarget[]> }>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private halted = false;

  constructor(private readonly ctx: AppContext, private readonly live: LiveService, options: Partial<LivestreamOptions> = {}) {
    this.options = { policy: defaultCaptionPolicy, tickMs: 200, timeoutMs: 5000, feedsTtlMs: 10_000, post: postCaptions, ...options };
    this.store = new ProgressStore(ctx.db, this.options.processId ?? live.cluster.processId, this.options.leaseMs);
    services.set(ctx, this);
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
  }

  private settled(c: SettledCaption): void {
    if (this.halted) return;
    const now = Date.now();
    void this.feedsOf(c.churchId).then((feeds) => {
      for (const feed of feeds) if (feed.language === c.language) this.sender(feed, c.sermonId).add(c, now);
    }, (err: unknown) => this.ctx.log.error({ err }, 'could not read livestream feeds'));
  }

  async tick(): Promise<void> {
    if (this.ticking || this.halted) return;
    this.ticking = true;
    try {
      const now = Date.now();
      const here = new Set<string>();
      for (const room of this.live.rooms()) {
        // Translations are made where the speaker is: that process posts (and heartbeats).
        if (room.ending || (this.live.cluster.enabled && room.speakerSockets.size === 0)) continue;
        const feeds = await this.feedsOf(room.churchId);
        if (feeds.length === 0) continue;
        here.add(room.id);
        room.keepWanted(feeds.map((f) => f.language), this.live.clock.now());
        for (const feed of feeds) this.sender(feed, room.id);
      }
      for (const [key, sender] of this.senders) {
        if (here.has(sender.sermonId) || sender.busy(now)) continue;
        this.senders.delete(key);
        await sender.release();
      }
      const senders = [...this.senders.values()];
      // When one lease is due all are renewed: one statement every few seconds, not one per feed.
      const due = senders.some((s) => s.leaseDue(now)) ? senders : [];
      if (due.length > 0) {
        const held = await this.store.claim(due.map((s) => ({ feedId: s.feed.id, sermonId: s.sermonId })), now);
        await Promise.all(due.map((s) => s.leased(held.get(s.key), now)));
      }
      const steps = senders.map((sender) => {
        const step = sender.prepare(now, here.has(sender.sermonId));
        return step ? { sender, ...step } : null;
      });
      const ready = steps.filter((s) => s !== null);
      // Written before any of them leaves: a process taking over knows each post and its seq.
      try {
        await this.store.savePosts(ready.flatMap((s) => (s.record ? [s.record] : [])));
      } catch (err) {
        for (const s of ready) s.sender.unsent();
        throw err;
      }
      // Posts are not awaited: one slow stream never holds the others back.
      for (const s of ready) void s.send().catch((err: unknown) => this.ctx.log.error({ err }, 'livestream caption post failed'));
    } catch (err) {
      this.ctx.log.error({ err }, 'livestream captions tick failed');
    } finally {
      this.ticking = false;
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
    if (warning.problem) this.ctx.log.warn({ sermonId, feedId: warning.feedId, problem: warning.problem, status: warning.status }, 'livestream caption post failed');
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

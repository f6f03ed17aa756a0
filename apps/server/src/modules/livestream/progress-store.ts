import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { livestreamProgress, segmentTranslations, sermons, transcriptSegments } from '../../db/schema';
import type { QueuedCaption } from './caption-policy';

export interface FeedProgress {
  seq: number;
  /** The last post's captions (null: none yet, or a heartbeat) and the position after them. */
  lastPost: QueuedCaption[] | null;
  toSeq: number;
  toChars: number;
}

/** A post about to leave: written first, all of a tick's together. */
export interface PostRecord {
  feedId: string;
  sermonId: string;
  seq: number;
  captions: QueuedCaption[];
  /** Position after the post (a heartbeat keeps the previous one). */
  toSeq: number;
  toChars: number;
}

export interface StoredLine {
  seq: number;
  text: string;
  spokenAt: number;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/**
 * A feed's progress per sermon in PostgreSQL (decision 037): the one process posting holds a
 * lease on the row, taken in one statement (a process that died leaves a lease that runs out);
 * every new post is written before it leaves and marked done after YouTube's 2xx.
 */
export class ProgressStore {
  /** Renewed this often while the process posts: a lease outlives two missed renewals. */
  readonly renewEveryMs: number;

  /** `leaseMs`: how long a process that stopped without giving the feed back holds it. */
  constructor(private readonly db: Db, private readonly processId: string, private readonly leaseMs = 15_000) {
    this.renewEveryMs = leaseMs / 3;
  }

  /**
   * Takes or renews the leases of a tick's feeds in one statement; the progress of each feed whose
   * lease this process holds now (absent: another process holds it, or the feed is gone).
   * One feed, one sequence (decision 037): a feed's row for a sermon is not taken while another
   * sermon's row of the same feed is leased, and a new row starts after the feed's highest seq, so
   * the sermon taking a feed over continues its numbering. A feed removed meanwhile is left out
   * (its rows went with it): a church removing a busy feed never makes the statement fail for the
   * others.
   */
  async claim(feeds: Array<{ feedId: string; sermonId: string }>, now: number): Promise<Map<string, FeedProgress>> {
    const held = new Map<string, FeedProgress>();
    if (feeds.length === 0) return held;
    const values = sql.join(feeds.map((f) => sql`(${f.feedId}::uuid, ${f.sermonId}::uuid, ${this.processId}, ${now + this.leaseMs}::bigint)`), sql`, `);
    const rows = rowsOf<Record<string, unknown>>(await this.db.execute(sql`
      insert into livestream_progress (feed_id, sermon_id, owner, lease_until, seq)
      select v.feed_id, v.sermon_id, v.owner, v.lease_until,
        coalesce((select max(o.seq) from livestream_progress o where o.feed_id = v.feed_id), 0)
      from (values ${values}) as v(feed_id, sermon_id, owner, lease_until)
      where exists (select 1 from livestream_feeds f where f.id = v.feed_id)
        and exists (select 1 from sermons s where s.id = v.sermon_id)
        and not exists (select 1 from livestream_progress o where o.feed_id = v.feed_id and o.sermon_id <> v.sermon_id
          and o.owner is not null and o.lease_until >= ${now})
      on conflict (feed_id, sermon_id) do update set owner = excluded.owner, lease_until = excluded.lease_until,
        seq = greatest(livestream_progress.seq, excluded.seq),
        last_post = case when excluded.seq > livestream_progress.seq then null else livestream_progress.last_post end
        where livestream_progress.owner is null or livestream_progress.owner = excluded.owner or livestream_progress.lease_until < ${now}
      returning feed_id, sermon_id, seq, last_post, to_seq, to_chars`));
    for (const r of rows) {
      const lastPost = r.last_post === null ? null : (JSON.parse(String(r.last_post)) as QueuedCaption[]);
      held.set(`${String(r.feed_id)} ${String(r.sermon_id)}`, { seq: Number(r.seq), lastPost: lastPost?.length ? lastPost : null, toSeq: Number(r.to_seq), toChars: Number(r.to_chars) });
    }
    return held;
  }

  /**
   * The posts of one tick, every feed's, in one statement before any leaves: what PGlite or
   * PostgreSQL is asked per tick does not grow with the churches posting (bench:livestream).
   */
  async savePosts(posts: PostRecord[]): Promise<void> {
    if (posts.length === 0) return;
    const values = sql.join(posts.map((p) => sql`(${p.feedId}::uuid, ${p.sermonId}::uuid, ${p.seq}::int, ${JSON.stringify(p.captions)}, ${p.toSeq}::int, ${p.toChars}::int)`), sql`, `);
    await this.db.execute(sql`
      update livestream_progress as p set seq = v.seq, last_post = v.last_post, to_seq = v.to_seq, to_chars = v.to_chars
      from (values ${values}) as v(feed_id, sermon_id, seq, last_post, to_seq, to_chars)
      where p.feed_id = v.feed_id and p.sermon_id = v.sermon_id`);
  }

  async saveError(feedId: string, sermonId: string, error: string): Promise<void> {
    await this.db.update(livestreamProgress).set({ lastError: error }).where(key(feedId, sermonId));
  }

  async release(feedId: string, sermonId: string): Promise<void> {
    await this.db.update(livestreamProgress).set({ owner: null, leaseUntil: 0 }).where(and(key(feedId, sermonId), eq(livestreamProgress.owner, this.processId)));
  }

  /**
   * Stored lines from `fromSeq` on in a language, oldest first, up to the first one not yet
   * translated into it (its translation is still on its way: it comes through the live hook).
   */
  async linesAfter(sermonId: string, language: string, fromSeq: number): Promise<StoredLine[]> {
    const tr = alias(segmentTranslations, 'tr');
    const rows = await this.db
      .select({ seq: transcriptSegments.seq, text: transcriptSegments.text, translated: tr.text, spokenAt: transcriptSegments.spokenAt, createdAt: transcriptSegments.createdAt, source: sermons.sourceLanguage })
      .from(transcriptSegments)
      .innerJoin(sermons, eq(sermons.id, transcriptSegments.sermonId))
      .leftJoin(tr, and(eq(tr.segmentId, transcriptSegments.id), eq(tr.language, language)))
      .where(and(eq(transcriptSegments.sermonId, sermonId), gte(transcriptSegments.seq, Math.max(1, fromSeq))))
      .orderBy(asc(transcriptSegments.seq));
    const lines: StoredLine[] = [];
    for (const r of rows) {
      const text = r.source === language ? r.text : r.translated;
      if (text === null) break;
      lines.push({ seq: r.seq, text, spokenAt: (r.spokenAt ?? r.createdAt).getTime() });
    }
    return lines;
  }
}

const key = (feedId: string, sermonId: string) => and(eq(livestreamProgress.feedId, feedId), eq(livestreamProgress.sermonId, sermonId));

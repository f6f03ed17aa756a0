import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { segmentTranslations, type listenerSessions } from '../../db/schema';
import { isDatabaseAway } from '../../lib/db-errors';

/**
 * Batched writes of the live pipeline. PGlite runs one query at a time (ARCHITECTURE.md section 9),
 * so a congregation joining at once must not cost one write each: rows are gathered for a moment
 * and written together, in an order that keeps foreign keys happy. Transcript segments are not
 * batched: segment-store.ts stores each one before it is broadcast (its seq is taken there).
 */

type TranslationRow = typeof segmentTranslations.$inferInsert;
type SessionRow = typeof listenerSessions.$inferInsert & { id: string };

/**
 * Rows per statement: the translations' VALUES list stays well under PostgreSQL's 65,535 bind
 * parameters, and a JSON batch of listener rows stays a modest parameter for PGlite's one thread.
 */
const CHUNK = 1000;
/**
 * Listener rows per statement: on PGlite's one thread the speaker's next line waits behind the
 * statement running, so a lobby of 2,000 joining at once is written in short statements, not two
 * long ones (decision 034).
 */
const LISTENER_CHUNK = 250;
/**
 * A batch the database could not take because it was away (a restart, a failover) is put back in
 * order and tried again after these waits, doubling; rows are dropped (and logged) only after
 * GIVE_UP_MS of the database being away, or when the statement itself is refused.
 */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;
const GIVE_UP_MS = 10 * 60_000;

export class WriteQueue {
  private translations: TranslationRow[] = [];
  private newSessions = new Map<string, SessionRow>();
  private languageChanges = new Map<string, string>();
  private sessionEnds = new Map<string, Date>();
  private joined = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;
  /** Since when the database has been away for this queue (null: it answers), and the next wait. */
  private awaySince: number | null = null;
  private retryMs = RETRY_FIRST_MS;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly delayMs = 100,
  ) {}

  addTranslation(row: TranslationRow): void {
    this.translations.push(row);
    this.schedule();
  }

  /**
   * A listener's session begins, or a stored one goes on (`continued`: the same phone back on a new
   * connection or another process, decision 044): active again, not counted as another listener.
   */
  startListenerSession(row: SessionRow, continued = false): void {
    this.newSessions.set(row.id, row);
    if (continued) this.sessionEnds.delete(row.id);
    else this.joined.set(row.sermonId, (this.joined.get(row.sermonId) ?? 0) + 1);
    this.schedule();
  }

  setListenerLanguage(sessionId: string, language: string): void {
    const pending = this.newSessions.get(sessionId);
    if (pending) pending.language = language;
    else this.languageChanges.set(sessionId, language);
    this.schedule();
  }

  endListenerSession(sessionId: string, endedAt: Date): void {
    const pending = this.newSessions.get(sessionId);
    if (pending) {
      // Joined and left within one batch: one row, already complete.
      pending.endedAt = endedAt;
      pending.status = 'inactive';
      pending.durationSeconds = Math.max(0, Math.round((endedAt.getTime() - (pending.startedAt as Date).getTime()) / 1000));
    } else {
      this.sessionEnds.set(sessionId, endedAt);
    }
    this.schedule();
  }

  get pending(): number {
    return this.translations.length + this.newSessions.size + this.languageChanges.size + this.sessionEnds.size + this.joined.size;
  }

  /** Writes everything queued so far; resolves when it is stored. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.running = this.running.then(() => this.writeBatch());
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private schedule(delayMs = this.delayMs): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
  }

  private async writeBatch(): Promise<void> {
    if (this.pending === 0) return;
    const translations = this.translations;
    const sessions = [...this.newSessions.values()];
    const languages = [...this.languageChanges];
    const ends = [...this.sessionEnds];
    const joined = [...this.joined];
    this.translations = [];
    this.newSessions = new Map();
    this.languageChanges = new Map();
    this.sessionEnds = new Map();
    this.joined = new Map();

    // Each group on its own: a bad row in one group must not lose the others. A group the database
    // could not take goes back in front of what came meanwhile, so rows are stored in order.
    const steps: Array<[string, number, () => Promise<unknown>, () => void]> = [
      ['segment translations', translations.length, () => this.chunked(dedupeTranslations(translations), CHUNK, (rows) => this.db.insert(segmentTranslations).values(rows).onConflictDoNothing()),
        () => void (this.translations = [...translations, ...this.translations])],
      ['listener sessions', sessions.length, () => this.chunked(sessions, LISTENER_CHUNK, (rows) => this.db.execute(sql`
        insert into listener_sessions (id, sermon_id, user_id, guest_name, language, started_at, ended_at, duration_seconds, status)
        select id, sermon_id, user_id, guest_name, language, coalesce(started_at, now()), ended_at, duration_seconds, coalesce(status, 'active')::listener_status
        from jsonb_to_recordset(${records(rows.map(sessionRecord))}) as r(
          id uuid, sermon_id uuid, user_id uuid, guest_name text, language text,
          started_at timestamptz, ended_at timestamptz, duration_seconds int, status text)
        on conflict (id) do update set
          status = excluded.status, ended_at = excluded.ended_at, language = excluded.language,
          duration_seconds = case when excluded.ended_at is null then null
            else greatest(0, round(extract(epoch from (excluded.ended_at - listener_sessions.started_at))))::int end
        where listener_sessions.sermon_id = excluded.sermon_id and listener_sessions.user_id is not distinct from excluded.user_id`)),
        () => void (this.newSessions = new Map([...sessions.map((r) => [r.id, r] as const), ...this.newSessions]))],
      ['listener languages', languages.length, () => this.chunked(languages, CHUNK, (rows) => this.db.execute(sql`
        update listener_sessions set language = v.language
        from jsonb_to_recordset(${records(rows.map(([id, language]) => ({ id, language })))}) as v(id uuid, language text)
        where listener_sessions.id = v.id`)),
        () => void (this.languageChanges = new Map([...languages, ...this.languageChanges]))],
      ['listener session ends', ends.length, () => this.chunked(ends, CHUNK, (rows) => this.db.execute(sql`
        update listener_sessions
        set ended_at = v.ended_at, status = 'inactive',
            duration_seconds = greatest(0, round(extract(epoch from (v.ended_at - listener_sessions.started_at))))::int
        from jsonb_to_recordset(${records(rows.map(([id, at]) => ({ id, ended_at: at.toISOString() })))}) as v(id uuid, ended_at timestamptz)
        where listener_sessions.id = v.id and listener_sessions.status = 'active'`)),
        () => void (this.sessionEnds = new Map([...ends, ...this.sessionEnds]))],
      ['listeners joined', joined.length, () => this.chunked(joined, CHUNK, (rows) => this.db.execute(sql`
        update sermons set listeners_joined = sermons.listeners_joined + v.n
        from jsonb_to_recordset(${records(rows.map(([id, n]) => ({ id, n })))}) as v(id uuid, n int)
        where sermons.id = v.id`)),
        () => { for (const [id, n] of joined) this.joined.set(id, (this.joined.get(id) ?? 0) + n); }],
    ];
    let away = false;
    for (const [what, count, run, putBack] of steps) {
      if (count === 0) continue;
      // Once the database is away, the later groups wait with the first (nothing runs out of order).
      if (away) {
        putBack();
        continue;
      }
      try {
        await run();
      } catch (err) {
        if (isDatabaseAway(err) && !this.givenUp()) {
          away = true;
          putBack();
          this.log.warn({ err, count }, `live pipeline could not store ${what} yet: the database is away, trying again`);
        } else {
          this.log.error({ err, count }, `live pipeline could not store ${what}`);
        }
      }
    }
    if (away) {
      this.awaySince ??= Date.now();
      const wait = this.retryMs;
      this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
      // Closing: one more try now, not a timer that outlives the queue.
      if (this.closed) return;
      this.schedule(wait);
    } else {
      this.awaySince = null;
      this.retryMs = RETRY_FIRST_MS;
    }
  }

  /** The database has been away too long to keep holding rows for it (memory stays bounded). */
  private givenUp(): boolean {
    return this.closed || (this.awaySince !== null && Date.now() - this.awaySince > GIVE_UP_MS);
  }

  private async chunked<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>): Promise<void> {
    for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
  }
}

/**
 * Rows as one JSON parameter, read back with jsonb_to_recordset: the statement's text is the same
 * for any number of rows, so nothing is built per row. A VALUES list with a parameter per field cost
 * the process about 40 µs a row to build, while a congregation moving process joins at once
 * (decision 028).
 */
function records(rows: object[]) {
  return sql`${JSON.stringify(rows)}::jsonb`;
}

function sessionRecord(row: SessionRow) {
  return {
    id: row.id, sermon_id: row.sermonId, user_id: row.userId ?? null, guest_name: row.guestName ?? null, language: row.language,
    started_at: row.startedAt ?? null, ended_at: row.endedAt ?? null, duration_seconds: row.durationSeconds ?? null, status: row.status ?? null,
  };
}

/** One row per (segment, language): a later write of the same pair wins within a batch. */
function dedupeTranslations(rows: TranslationRow[]): TranslationRow[] {
  const byKey = new Map<string, TranslationRow>();
  for (const row of rows) byKey.set(`${row.segmentId}|${row.language}`, row);
  return [...byKey.values()];
}

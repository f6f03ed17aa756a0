import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/**
 * Which live sermon a church's caption feeds follow: the newest one (decision 037, "One feed, one
 * sequence"). A speaker who left without ending keeps a sermon live for the grace period; a second
 * sermon started meanwhile takes the feeds, and the first stops posting to them. Read from the
 * database, where every process sees the same answer, at most once a second per church (and at
 * once for a sermon newer than the answer held).
 */
export class FeedChoice {
  private readonly held = new Map<string, { at: number; sermonId: string | null }>();

  constructor(private readonly db: Db, private readonly maxAgeMs = 1000) {}

  /** Reads again the churches whose answer is old or predates a sermon this process holds. */
  async refresh(rooms: ReadonlyArray<{ id: string; churchId: string; startedAt: number }>, now: number): Promise<void> {
    const due = new Set<string>();
    for (const r of rooms) {
      const h = this.held.get(r.churchId);
      if (!h || now - h.at >= this.maxAgeMs || (h.sermonId !== r.id && h.at <= r.startedAt)) due.add(r.churchId);
    }
    if (due.size === 0) return;
    const ids = sql.join([...due].map((id) => sql`${id}::uuid`), sql`, `);
    const rows = rowsOf<{ church_id: string; id: string }>(await this.db.execute(sql`
      select distinct on (church_id) church_id, id from sermons
      where church_id in (${ids}) and status in ('live', 'paused')
      order by church_id, started_at desc, id desc`));
    for (const churchId of due) this.held.set(churchId, { at: now, sermonId: null });
    for (const r of rows) this.held.set(String(r.church_id), { at: now, sermonId: String(r.id) });
  }

  /** Whether the church's feeds follow this sermon (as last read). */
  follows(churchId: string, sermonId: string): boolean {
    return this.held.get(churchId)?.sermonId === sermonId;
  }

  forget(churchId: string): void {
    this.held.delete(churchId);
  }
}

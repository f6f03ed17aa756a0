import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sermonLineStarts } from '../../db/schema';
import type { SermonRoom } from '../rooms/sermon-room';

/**
 * When the line in progress began, kept in the database (decision 044): a line heard on the server
 * (decision 038) has no outbox to carry its time, so the process that meets a line's first interim
 * writes when its first words were said beside the line's seq. The process that stores its final
 * (this one, or the one the speaker moved to after a restart, a crash or a failover) reads it back,
 * and a partial sent to a caption feed is stamped with it. One write per line, at its first interim
 * here; nothing waits for it but the line's partial translations and its final.
 */

/**
 * A line's start written this long before this process's own note of it is taken as the same line
 * continued (a restart took 7 to 23 s); older, it was a line the dead process never finished, and
 * this one is new.
 */
export const CONTINUED_LINE_MS = 60_000;

interface Pending {
  seq: number;
  /** The earliest start known for the line (this process's own until the database answers). */
  ready: Promise<number>;
}

export class LineStarts {
  private readonly pending = new WeakMap<SermonRoom, Pending>();

  constructor(private readonly db: () => Db, private readonly onError: (err: unknown) => void) {}

  /**
   * This process met line `seq` (its first interim here), said from `own` by its own reckoning:
   * the start is stored, or an earlier one another process stored for the same line is taken, and
   * `room.lineStart` follows it.
   */
  began(room: SermonRoom, seq: number, own: number): void {
    room.lineStart = { seq, at: own };
    const ready = this.store(room.id, seq, own).then((at) => {
      if (room.lineStart?.seq === seq) room.lineStart.at = Math.min(room.lineStart.at, at);
      return Math.min(own, at);
    }, (err: unknown) => {
      this.onError(err);
      return own;
    });
    this.pending.set(room, { seq, ready });
  }

  /** Resolves once the line in progress has its stored start (at once when there is none). */
  ready(room: SermonRoom): Promise<unknown> {
    return this.pending.get(room)?.ready ?? Promise.resolve();
  }

  /**
   * The start of the line `seq` whose final is being stored, and the line in progress is over:
   * this process's note once stored, else what another process stored for it (at most
   * CONTINUED_LINE_MS before `own`, this process's earliest evidence of the line).
   */
  async finished(room: SermonRoom, seq: number, own: number, readStored: boolean): Promise<number | undefined> {
    const note = room.lineStart?.seq === seq ? room.lineStart : null;
    const pending = this.pending.get(room);
    room.lineStart = null;
    this.pending.delete(room);
    if (note && pending?.seq === seq) return Math.min(await pending.ready, note.at);
    if (note) return note.at;
    if (!readStored) return undefined;
    const [row] = await this.db().select({ startedAt: sermonLineStarts.startedAt }).from(sermonLineStarts)
      .where(and(eq(sermonLineStarts.sermonId, room.id), eq(sermonLineStarts.seq, seq))).catch((err: unknown) => {
        this.onError(err);
        return [];
      });
    const stored = row?.startedAt.getTime();
    return stored !== undefined && stored < own && stored >= own - CONTINUED_LINE_MS ? stored : undefined;
  }

  /**
   * One statement: the line's start is written, unless the row already holds an earlier start of
   * the same line (kept when within CONTINUED_LINE_MS) or a later line (a process behind the times
   * writes nothing); the start that stands is returned.
   */
  private async store(sermonId: string, seq: number, own: number): Promise<number> {
    const at = new Date(own).toISOString();
    const rows = await this.db().insert(sermonLineStarts).values({ sermonId, seq, startedAt: new Date(own) })
      .onConflictDoUpdate({
        target: sermonLineStarts.sermonId,
        set: {
          seq: sql`excluded.seq`,
          startedAt: sql`case when ${sermonLineStarts.seq} = excluded.seq and ${sermonLineStarts.startedAt} < excluded.started_at
            and ${sermonLineStarts.startedAt} >= ${at}::timestamptz - make_interval(secs => ${CONTINUED_LINE_MS / 1000})
            then ${sermonLineStarts.startedAt} else excluded.started_at end`,
        },
        setWhere: sql`${sermonLineStarts.seq} <= excluded.seq`,
      })
      .returning({ startedAt: sermonLineStarts.startedAt });
    return rows[0]?.startedAt.getTime() ?? own;
  }
}

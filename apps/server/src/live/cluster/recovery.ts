import { sql } from 'drizzle-orm';
import type { SermonAccounting } from '../minutes/accounting';
import type { LiveCore } from '../live-types';
import type { RoomRegistry } from '../rooms/room-registry';

/**
 * Sermons nobody is serving any more. A restart never ends a sermon: every process holding a
 * sermon writes its heartbeat, so only a sermon whose heartbeat is older than the speaker's grace
 * period has lost its speaker and every process; it ends as 'speaker_timeout' at its last heartbeat.
 * Run at start-up and with every heartbeat, by every process: the end is a conditional update, so
 * one of them does it.
 */
export async function endAbandonedSermons(core: LiveCore, registry: RoomRegistry, accounting: SermonAccounting): Promise<void> {
  const now = core.options.clock.now();
  for (const row of await registry.liveRowsNotHeld()) {
    const heartbeat = row.lastHeartbeatAt.getTime();
    if (now - heartbeat > core.options.speakerGraceMs) await accounting.end(row.id, 'speaker_timeout', heartbeat);
  }
}

/**
 * One process alone (no Redis): the sermons left live by its previous run are opened again, their
 * grace period running from the last heartbeat; the old listener sessions stopped at that heartbeat
 * (listeners reconnect with new ones). With several processes, sermons are opened when a socket
 * needs them instead, and sessions belong to whichever process holds them.
 */
export async function resumeAfterRestart(core: LiveCore, registry: RoomRegistry): Promise<void> {
  if (core.cluster.enabled) return;
  for (const row of await registry.liveRowsNotHeld()) {
    const beat = row.lastHeartbeatAt.toISOString();
    await core.ctx.db.execute(sql`
      update listener_sessions set ended_at = ${beat}::timestamptz, status = 'inactive',
        duration_seconds = greatest(0, round(extract(epoch from (${beat}::timestamptz - started_at))))::int
      where sermon_id = ${row.id}::uuid and status = 'active'`);
    await registry.open(row, { speakerAwaySince: row.lastHeartbeatAt.getTime() });
    core.log.info({ sermonId: row.id }, 'sermon resumed after restart; waiting for its speaker');
  }
}

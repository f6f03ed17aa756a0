// Room minutes/: the minutes a church spends (accounting, the month's minutes, the stream clock).
// Imports db/, lib/ and, in live/, rooms/ and live-types; never captions/, recognition/, cluster/ or voice/.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { liveEvents, lobbyEvents, type LobbyEndedPayload, type SermonEnded, type SermonEndReason } from '@app/shared';
import { sermons } from '../../db/schema';
import type { LiveCore } from '../live-types';
import type { RoomRegistry } from '../rooms/room-registry';
import { rooms } from '../rooms/room-names';
import type { SermonRoom } from '../rooms/sermon-room';
import { secondsLeftFromDatabase } from './stream-clock';

const endMessages: Record<SermonEndReason, string> = {
  stopped: 'The speaker ended this sermon.',
  ended_by_admin: 'This sermon was ended by a church administrator.',
  stream_limit: "This church's weekly streaming minutes are used up, so the sermon has ended.",
  speaker_timeout: 'The speaker did not come back in time, so the sermon has ended.',
  // No longer produced (a restart never ends a sermon); kept for sermons ended that way before.
  server_restart: 'This sermon ended while the service restarted.',
};

/**
 * Minutes, limits and the end of a sermon. Every process holding a sermon accrues its minutes, and
 * the stored figure only ever grows to the largest (stream-clock.ts), so several processes never
 * charge the same minute twice; the end is one conditional UPDATE, so exactly one process ends it
 * and tells everyone (the speaker included) why.
 */
export class SermonAccounting {
  constructor(
    private readonly core: LiveCore,
    private readonly registry: RoomRegistry,
  ) {}

  /** Seconds the church has left this week, including its sermons live right now. */
  async secondsLeft(churchId: string): Promise<number> {
    const { stream, ctx, options } = this.core;
    const live = this.registry.ofChurch(churchId);
    const now = options.clock.now();
    if (live.length === 0) return secondsLeftFromDatabase(ctx.db, churchId, now);
    for (const r of live) stream.accrue(r, now);
    await stream.refresh(churchId, live, now);
    return stream.secondsLeft(churchId, live);
  }

  /**
   * Ends a sermon: final minutes and duration stored, listener sessions closed, everyone told.
   * `at` ends a sermon at its last heartbeat. Returns false when it had already ended.
   */
  async end(sermonId: string, reason: SermonEndReason, at?: number): Promise<boolean> {
    const { ctx, writer, stream, options } = this.core;
    const room = this.registry.get(sermonId);
    const endedAt = at ?? options.clock.now();
    if (room) {
      if (room.ending) return false;
      stream.accrue(room, endedAt);
      this.registry.remove(room);
      // The last sentence's translations are still on their way: deliver them before "ended".
      await room.emitChain;
    }
    await writer.flush();
    const when = new Date(endedAt);
    const updated = await ctx.db
      .update(sermons)
      .set({
        status: 'ended',
        endedAt: when,
        durationSeconds: sql`greatest(0, round(extract(epoch from (${when.toISOString()}::timestamptz - ${sermons.startedAt}))))::int`,
        ...(room ? { chargedSeconds: sql`greatest(${sermons.chargedSeconds}, ${Math.floor(room.chargedMs / 1000)})` } : {}),
        lastHeartbeatAt: when,
        endReason: reason,
      })
      .where(and(eq(sermons.id, sermonId), inArray(sermons.status, ['live', 'paused'])))
      .returning({ id: sermons.id, churchId: sermons.churchId });
    await this.core.cluster.forget([sermonId]);
    if (updated.length === 0) return false;
    await ctx.db.execute(sql`
      update listener_sessions set ended_at = ${when.toISOString()}::timestamptz, status = 'inactive',
        duration_seconds = greatest(0, round(extract(epoch from (${when.toISOString()}::timestamptz - started_at))))::int
      where sermon_id = ${sermonId}::uuid and status = 'active'`);
    // Every process forgets the church's public answers before anyone is told (and asks again).
    this.core.publicAnswers.changed(updated[0]!.churchId);
    // Told to every socket of the sermon on every process, speaker included, whoever ended it.
    const ended: SermonEnded = { sermonId, reason, message: endMessages[reason] };
    this.core.emit(rooms.all(sermonId), liveEvents.ended, ended);
    // Open lobbies (and projectors) of the church say so and wait for the next service.
    this.core.emit(rooms.lobby(updated[0]!.churchId), lobbyEvents.ended, { sermonId } satisfies LobbyEndedPayload);
    this.core.cluster.send({ kind: 'ended', sermonId });
    const languages = room ? [...room.languages.keys()] : [];
    this.core.leaveAll(rooms.all(sermonId), [rooms.all(sermonId), rooms.speaker(sermonId), ...languages.map((l) => rooms.language(sermonId, l))]);
    this.core.log.info({ sermonId, reason }, 'sermon ended');
    return true;
  }

  /** The timers of one room at a tick: weekly limit, warning, speaker grace, expired listeners. */
  async check(room: SermonRoom, now: number): Promise<void> {
    const { stream, options, writer } = this.core;
    const left = stream.secondsLeft(room.churchId, this.registry.ofChurch(room.churchId));
    if (left <= 0) {
      await this.end(room.id, 'stream_limit', now);
      return;
    }
    if (left <= options.warningSeconds) this.registry.warn(room, left);
    if (room.speakerConnected) room.speakerAwaySince = null;
    else room.speakerAwaySince ??= now;
    if (room.speakerAwaySince !== null && now - room.speakerAwaySince >= options.speakerGraceMs) {
      await this.end(room.id, 'speaker_timeout', now);
      return;
    }
    for (const away of room.takeExpiredAway(now, options.listenerRecoveryMs)) {
      writer.endListenerSession(away.entry.sessionId, new Date(away.since));
    }
    if (this.registry.state(room).minutesLeft !== room.lastMinutesLeft) room.countsDirty = true;
    this.registry.pushCounts(room);
  }
}

import { eq, inArray } from 'drizzle-orm';
import { liveEvents, type SermonState, type SermonWarning } from '@app/shared';
import { churches, sermons } from '../../db/schema';
import { providersForChurch } from '../../providers/church-providers';
import { loadJoinLanguages } from './join-languages';
import { liveSource } from '../live-sources';
import { LiveFailure, type LiveCore } from '../live-types';
import { rooms } from './room-names';
import { SermonRoom } from './sermon-room';
import { lastStoredSeq } from '../cluster/segment-store';

type SermonRow = typeof sermons.$inferSelect;

/**
 * The live sermons this process holds and what their screens are told about them (state, counts,
 * warnings). With several processes each one opens a sermon when one of its sockets needs it; the
 * database says which sermons are live.
 */
export class RoomRegistry {
  private readonly rooms = new Map<string, SermonRoom>();
  private readonly byBroadcast = new Map<string, string>();
  private readonly opening = new Map<string, Promise<SermonRoom>>();

  constructor(private readonly core: LiveCore) {}

  get(sermonId: string): SermonRoom | undefined {
    return this.rooms.get(sermonId);
  }

  byBroadcastId(broadcastId: string): SermonRoom | undefined {
    const id = this.byBroadcast.get(broadcastId);
    return id ? this.rooms.get(id) : undefined;
  }

  all(): SermonRoom[] {
    return [...this.rooms.values()];
  }

  ofChurch(churchId: string): SermonRoom[] {
    return this.all().filter((r) => r.churchId === churchId && !r.ending);
  }

  /** Starts tracking a live sermon (just started, resumed after a restart, or live on another process). */
  async open(row: SermonRow, opts: { speakerAwaySince?: number } = {}): Promise<SermonRoom> {
    const existing = this.rooms.get(row.id);
    if (existing) return existing;
    const lastSeq = await lastStoredSeq(this.core.ctx.db, row.id);
    const now = this.core.options.clock.now();
    const room = new SermonRoom({
      id: row.id,
      broadcastId: row.broadcastId,
      churchId: row.churchId,
      hostId: row.hostId,
      sourceLanguage: row.sourceLanguage,
      startedAt: row.startedAt.getTime(),
      status: row.status === 'paused' ? 'paused' : 'live',
      lastSeq,
      chargedSeconds: row.chargedSeconds,
      now,
      // Until the speaker's socket connects, the grace period runs: a speaker whose browser never
      // connects does not leave a sermon live for ever.
      speakerAwaySince: opts.speakerAwaySince ?? now,
    });
    await this.loadSettings(room);
    // Another call may have opened it while this one awaited.
    const raced = this.rooms.get(row.id);
    if (raced) return raced;
    this.rooms.set(room.id, room);
    this.byBroadcast.set(room.broadcastId, room.id);
    await this.core.cluster.read([room], now);
    await this.core.stream.refresh(room.churchId, this.ofChurch(room.churchId), now);
    return room;
  }

  /**
   * The live room of a sermon, opened from the database when this process does not hold it yet.
   * The listeners of a lobby arrive together: those asking while it opens share one opening.
   */
  ensure(where: { sermonId: string } | { broadcastId: string }): Promise<SermonRoom> {
    const held = 'sermonId' in where ? this.rooms.get(where.sermonId) : this.byBroadcastId(where.broadcastId);
    if (held && !held.ending) return Promise.resolve(held);
    const key = 'sermonId' in where ? where.sermonId : `broadcast:${where.broadcastId}`;
    let opening = this.opening.get(key);
    if (!opening) {
      opening = this.openFromDatabase(where).finally(() => this.opening.delete(key));
      this.opening.set(key, opening);
    }
    return opening;
  }

  private async openFromDatabase(where: { sermonId: string } | { broadcastId: string }): Promise<SermonRoom> {
    const [row] = await this.core.ctx.db.select().from(sermons)
      .where('sermonId' in where ? eq(sermons.id, where.sermonId) : eq(sermons.broadcastId, where.broadcastId)).limit(1);
    if (row?.status === 'ended') throw new LiveFailure('not_live', 'This sermon has ended');
    if (!row) throw new LiveFailure('not_found', 'Sermon not found');
    return this.open(row);
  }

  /** Forgets a room (ended here or elsewhere). */
  remove(room: SermonRoom): void {
    room.ending = true;
    this.rooms.delete(room.id);
    this.byBroadcast.delete(room.broadcastId);
    this.core.voiceStreams.end(room.id);
    if (this.ofChurch(room.churchId).length === 0) this.core.stream.forget(room.churchId);
  }

  /** Live sermons of the database this process does not hold. */
  async liveRowsNotHeld(): Promise<SermonRow[]> {
    const open = await this.core.ctx.db.select().from(sermons).where(inArray(sermons.status, ['live', 'paused']));
    return open.filter((r) => !this.rooms.has(r.id));
  }

  async loadSettings(room: SermonRoom): Promise<void> {
    const { ctx, log } = this.core;
    const [church] = await ctx.db.select({ guests: churches.guestsMayListen }).from(churches).where(eq(churches.id, room.churchId)).limit(1);
    room.guestsMayListen = church?.guests ?? false;
    room.languages = new Map((await loadJoinLanguages(ctx.db, room.churchId, room.sourceLanguage)).map((l) => [l.code, l]));
    try {
      room.keepWanted(await liveSource(ctx, 'feedLanguages')(room.churchId));
    } catch (err) {
      log.warn({ err, churchId: room.churchId }, 'could not read the church caption feeds');
    }
    try {
      const providers = await providersForChurch(ctx, room.churchId);
      room.translatorKind = providers.translatorKind;
      room.hasSpeech = providers.synthesizer !== null;
    } catch (err) {
      log.warn({ err, churchId: room.churchId }, 'could not load church providers');
    }
  }

  state(room: SermonRoom): SermonState {
    const secondsLeft = this.core.stream.secondsLeft(room.churchId, this.ofChurch(room.churchId));
    return {
      sermonId: room.id,
      status: room.status,
      speakerConnected: room.speakerConnected,
      listenerCounts: room.listenerCounts(),
      minutesLeft: Number.isFinite(secondsLeft) ? Math.max(0, Math.ceil(secondsLeft / 60)) : null,
      translator: room.translatorKind,
    };
  }

  /**
   * Status or speaker changes: everyone in the sermon hears at once. `local`: only this process's
   * sockets, for what this process learnt from the others' figures (every process learns it too).
   */
  broadcastState(room: SermonRoom, opts: { local?: boolean } = {}): void {
    const state = this.state(room);
    room.lastMinutesLeft = state.minutesLeft;
    room.countsDirty = false;
    room.lastStatePushAt = Date.now();
    this.core.emit(rooms.all(room.id), liveEvents.state, state, false, opts.local);
  }

  /**
   * Listener counts and minutes left: only the speaker's screen, at most once per throttle period,
   * and only from the process holding the speaker (it reads the others' counts from the cluster).
   */
  pushCounts(room: SermonRoom): void {
    if (!room.countsDirty || room.speakerSockets.size === 0) return;
    const now = Date.now();
    if (now - room.lastStatePushAt < this.core.options.countsThrottleMs) return;
    room.countsDirty = false;
    room.lastStatePushAt = now;
    const state = this.state(room);
    room.lastMinutesLeft = state.minutesLeft;
    this.core.emit(rooms.speaker(room.id), liveEvents.state, state);
  }

  /** Tells the speaker the weekly minutes are nearly gone: once, and again to a speaker who rejoins. */
  warn(room: SermonRoom, secondsLeft: number, again = false): void {
    if (room.speakerSockets.size === 0 || (room.warned && !again)) return;
    room.warned = true;
    const minutesLeft = Math.max(0, Math.ceil(secondsLeft / 60));
    const warning: SermonWarning = {
      sermonId: room.id,
      code: 'stream_limit_soon',
      minutesLeft,
      message: `About ${minutesLeft} minute${minutesLeft === 1 ? '' : 's'} of streaming left this week: the sermon will end when they run out.`,
    };
    this.core.emit(rooms.speaker(room.id), liveEvents.warning, warning);
  }
}

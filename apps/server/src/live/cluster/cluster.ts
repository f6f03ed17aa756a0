// Room cluster/: what survives a process and is shared between them (Redis shares, recovery of
// abandoned sermons, the write queue, the segment store, the opening writes). Imports db/, lib/ and, in
// live/, rooms/, minutes/ (recovery ends sermons) and live-types; never captions/, recognition/ or voice/.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClient } from '../../lib/redis';
import type { LanguageCount, RemoteShare } from '../rooms/room-types';
import type { SermonRoom } from '../rooms/sermon-room';

/**
 * What the server processes of one deployment tell each other about live sermons (decision 007).
 * Each process publishes, every tick, its share of each sermon it holds (listeners per language,
 * languages to translate, whether the speaker is connected to it) in a Redis hash
 * `live:room:<sermonId>`, one field per process, and reads the others' back into `room.remote`.
 * The process holding the speaker's socket runs the caption pipeline for the whole cluster from
 * these figures. Without Redis (one process) nothing is shared and `room.remote` stays empty.
 */

/** A share not refreshed for this long belongs to a process that died: ignored. */
const STALE_MS = 5000;
/** The hash expires by itself after a sermon nobody holds any more. */
const KEY_TTL_MS = 60 * 60_000;

interface Published extends RemoteShare {
  at: number;
}

/** Messages between processes (Socket.IO serverSideEmit through the Redis adapter). */
export type ClusterMessage =
  | { kind: 'ended'; sermonId: string }
  | { kind: 'status'; sermonId: string; status: 'live' | 'paused' }
  | { kind: 'presence'; sermonId: string }
  /** A church's public answers changed (null: every church's): forgotten (public-answers.ts). */
  | { kind: 'public'; churchId: string | null }
  /** A piece of a language's voice placed on its timeline (decision 039): every process streams it. */
  | { kind: 'voice'; sermonId: string; language: string; voice: string; startAt: number; mp3: string };

export class ClusterLink {
  readonly processId = randomUUID();
  /** Set by the gateway: sends a message to every other process. */
  send: (message: ClusterMessage) => void = () => undefined;
  /**
   * Set by the live service: another process's figures changed whether the speaker is connected
   * for this room, so this process's listeners are told (they may have been told otherwise when
   * they joined, before the other process's figures arrived).
   */
  speakerChanged: (room: SermonRoom) => void = () => undefined;

  constructor(
    private readonly redis: RedisClient | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return this.redis !== null;
  }

  /** Publishes this process's share of each room and reads the others'. */
  async share(rooms: SermonRoom[], now: number, windowMs: number): Promise<void> {
    if (!this.redis || rooms.length === 0) return;
    try {
      const write = this.redis.multi();
      for (const room of rooms) {
        const mine: Published = { ...room.localShare(now, windowMs), at: Date.now() };
        write.hSet(key(room.id), this.processId, JSON.stringify(mine)).pExpire(key(room.id), KEY_TTL_MS);
      }
      await write.exec();
      await this.read(rooms, now);
    } catch (err) {
      this.log.warn({ err }, 'could not share live sermon state through redis');
    }
  }

  /** Reads the other processes' shares of these rooms into `room.remote`. */
  async read(rooms: SermonRoom[], now: number): Promise<void> {
    if (!this.redis) return;
    const read = this.redis.multi();
    for (const room of rooms) read.hGetAll(key(room.id));
    const replies = (await read.exec()) as unknown as Array<Record<string, string>>;
    rooms.forEach((room, i) => {
      const before = JSON.stringify(room.remote.counts);
      const speakerBefore = room.speakerConnected;
      room.setRemote(this.sumOthers(replies[i] ?? {}), now);
      if (JSON.stringify(room.remote.counts) !== before) room.countsDirty = true;
      if (room.speakerConnected !== speakerBefore && !room.ending) this.speakerChanged(room);
    });
  }

  /** This process no longer holds the room (ended, or shutting down). */
  async forget(sermonIds: string[]): Promise<void> {
    if (!this.redis || sermonIds.length === 0) return;
    const write = this.redis.multi();
    for (const id of sermonIds) write.hDel(key(id), this.processId);
    await write.exec().catch((err: Error) => this.log.warn({ err }, 'could not clear live sermon state in redis'));
  }

  private sumOthers(fields: Record<string, string>): RemoteShare {
    const sum: RemoteShare = { counts: {}, wanted: [], speaker: false };
    const wanted = new Set<string>();
    const fresh = Date.now() - STALE_MS;
    for (const [processId, raw] of Object.entries(fields)) {
      if (processId === this.processId) continue;
      const share = JSON.parse(raw) as Published;
      if (share.at < fresh) continue;
      sum.speaker ||= share.speaker;
      if (share.speaker && share.partial) sum.partial = share.partial;
      for (const l of share.wanted) wanted.add(l);
      for (const [code, c] of Object.entries(share.counts)) sum.counts[code] = add(sum.counts[code], c);
    }
    sum.wanted = [...wanted];
    return sum;
  }
}

const key = (sermonId: string) => `live:room:${sermonId}`;

function add(a: LanguageCount | undefined, b: LanguageCount): LanguageCount {
  return { listeners: (a?.listeners ?? 0) + b.listeners, male: (a?.male ?? 0) + b.male, female: (a?.female ?? 0) + b.female, screens: (a?.screens ?? 0) + (b.screens ?? 0) };
}

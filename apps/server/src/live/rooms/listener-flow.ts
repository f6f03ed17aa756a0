import { randomUUID } from 'node:crypto';
import type { ListenerJoinAck, ListenerPrefsAck } from '@app/shared';
import { eq } from 'drizzle-orm';
import { listenerSessions } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { LiveFailure, type ListenerRef, type LiveCore, type LiveSocket } from '../live-types';
import type { RoomRegistry } from './room-registry';
import { rooms } from './room-names';

/** How a room's projector appears among a sermon's listeners. */
export const PROJECTOR_NAME = 'projector';
import { lastStoredSeq } from '../cluster/segment-store';
import type { ListenerVoice } from './room-types';
import type { SermonRoom } from './sermon-room';

/**
 * The listeners' side: joining in a language (with the captions missed so far), changing language
 * or voice, dropping away and coming back. Listeners may be on any process; their captions arrive
 * through the Socket.IO adapter from the process holding the speaker.
 */
export class ListenerFlow {
  /** Languages being announced to the other processes, per room (announceLanguage). */
  private readonly announcing = new Map<string, { running: Promise<void> | null; queued: Promise<void> | null }>();

  constructor(
    private readonly core: LiveCore,
    private readonly registry: RoomRegistry,
  ) {}

  async join(socket: LiveSocket, payload: { broadcastId: string; language: string; voice: ListenerVoice; lastSeq: number; projector?: boolean; sessionId?: string }): Promise<ListenerJoinAck> {
    const actor = socket.data.actor;
    const room = await this.registry.ensure({ broadcastId: payload.broadcastId });
    if (!room.guestsMayListen) {
      if (!actor) throw new LiveFailure('guests_not_allowed', 'This church does not allow guests: please sign in to listen');
      if (!canReachChurch(actor, 'church:read', room.churchId)) throw new LiveFailure('not_found', 'Sermon not found');
    }
    if (!room.languages.has(payload.language)) throw new LiveFailure('invalid_payload', 'This language is not offered for this sermon');

    const previous = socket.data.listener;
    if (previous && previous.sermonId === room.id && room.listeners.has(socket.id)) {
      // The same listener joining again (its page re-sent the join): no second session.
      await this.changePrefs(socket, room, payload.language, payload.voice);
    } else {
      if (previous) this.left(socket, true);
      const userId = payload.projector ? null : (actor?.id ?? null);
      // A phone back on a new connection (its process restarted, or recovery ran out) continues its
      // session: one row in "previous sessions", not one per reconnection (decision 044).
      const continued = payload.sessionId !== undefined && await this.mayContinue(room, payload.sessionId, userId);
      const ref: ListenerRef = {
        sermonId: room.id, sessionId: continued ? payload.sessionId! : randomUUID(), userId, language: payload.language, voice: payload.voice,
        ...(payload.projector ? { projector: true } : {}),
      };
      socket.data.listener = ref;
      await socket.join([rooms.all(room.id), rooms.language(room.id, payload.language)]);
      this.startSession(room, socket.id, ref, continued);
    }
    await this.announceLanguage(room, payload.language);
    const limit = payload.lastSeq === 0 ? this.core.options.newListenerCaptions : undefined;
    const captions = await this.core.captions.captionsFor(room.id, payload.language, payload.lastSeq, { limit, voice: payload.voice });
    const partial = this.core.partials.current(room, payload.language);
    const sessionId = socket.data.listener?.sessionId;
    return {
      sermonId: room.id, sourceLanguage: room.sourceLanguage, language: payload.language, state: this.registry.state(room), captions,
      ...(partial ? { partial } : {}), ...(sessionId ? { sessionId } : {}),
    };
  }

  /**
   * Whether a session a phone names may be continued: it is this sermon's and this person's (a
   * guest's, named by a guest), or not stored at all (its process died before writing it). The connection
   * that held it before (still waiting to come back, or not yet noticed gone) lets go of it here, so
   * it is neither counted twice nor ended when that connection expires.
   */
  private async mayContinue(room: SermonRoom, sessionId: string, userId: string | null): Promise<boolean> {
    const [row] = await this.core.ctx.db.select({ sermonId: listenerSessions.sermonId, userId: listenerSessions.userId })
      .from(listenerSessions).where(eq(listenerSessions.id, sessionId)).limit(1);
    if (row && (row.sermonId !== room.id || row.userId !== userId)) return false;
    // A session held in memory but not yet written (the writer batches) is checked there.
    const held = [...room.listeners.values(), ...[...room.away.values()].map((away) => away.entry)].find((entry) => entry.sessionId === sessionId);
    if (held && held.userId !== userId) return false;
    for (const [socketId, away] of room.away) if (away.entry.sessionId === sessionId) room.away.delete(socketId);
    for (const [socketId, entry] of room.listeners) if (entry.sessionId === sessionId) room.removeListener(socketId);
    return true;
  }

  async prefs(socket: LiveSocket, prefs: { language: string; voice: ListenerVoice }): Promise<ListenerPrefsAck> {
    const ref = socket.data.listener;
    const room = ref ? this.registry.get(ref.sermonId) : undefined;
    if (!ref || !room || room.ending) throw new LiveFailure('not_live', 'Join a live sermon first');
    if (!room.languages.has(prefs.language)) throw new LiveFailure('invalid_payload', 'This language is not offered for this sermon');
    const changedLanguage = ref.language !== prefs.language;
    await this.changePrefs(socket, room, prefs.language, prefs.voice);
    if (!changedLanguage) return { captions: [] };
    await this.announceLanguage(room, prefs.language);
    // This process may not be the one numbering the lines: the database knows the last one.
    const lastSeq = await lastStoredSeq(this.core.ctx.db, room.id);
    const captions = await this.core.captions.captionsFor(room.id, prefs.language, Math.max(0, lastSeq - this.core.options.newListenerCaptions), { voice: prefs.voice });
    const partial = this.core.partials.current(room, prefs.language);
    return { captions, ...(partial ? { partial } : {}) };
  }

  /** Captions after `afterSeq` in the listener's language: a hole its phone saw, filled. */
  async catchUp(socket: LiveSocket, afterSeq: number): Promise<ListenerPrefsAck> {
    const ref = socket.data.listener;
    if (!ref) throw new LiveFailure('not_live', 'Join a live sermon first');
    const room = await this.registry.ensure({ sermonId: ref.sermonId });
    if (room.ending) throw new LiveFailure('not_live', 'This sermon has ended');
    return { captions: await this.core.captions.captionsFor(room.id, ref.language, afterSeq, { voice: ref.voice }) };
  }

  /** The listener left (explicitly, or its connection is gone for good): its session ends. */
  left(socket: LiveSocket, leaveRooms: boolean): void {
    const ref = socket.data.listener;
    if (!ref) return;
    socket.data.listener = undefined;
    if (leaveRooms) {
      socket.leave(rooms.all(ref.sermonId));
      socket.leave(rooms.language(ref.sermonId, ref.language));
    }
    const room = this.registry.get(ref.sermonId);
    if (!room) return;
    room.removeListener(socket.id);
    room.away.delete(socket.id);
    this.core.writer.endListenerSession(ref.sessionId, new Date(this.core.options.clock.now()));
    this.registry.pushCounts(room);
  }

  /** The listener's connection dropped; it may come back within the recovery window. */
  away(socket: LiveSocket): void {
    const ref = socket.data.listener;
    const room = ref ? this.registry.get(ref.sermonId) : undefined;
    if (!room) return;
    room.markAway(socket.id, this.core.options.clock.now());
    this.registry.pushCounts(room);
  }

  /**
   * A listener back through connection-state recovery: missed packets are replayed by Socket.IO.
   * On the same process the session goes on; on another (its process stopped) a new one starts.
   */
  async recovered(socket: LiveSocket): Promise<void> {
    const ref = socket.data.listener;
    if (!ref) return;
    const room = await this.registry.ensure({ sermonId: ref.sermonId }).catch(() => undefined);
    if (!room || room.ending) return;
    if (room.restore(socket.id)) this.registry.pushCounts(room);
    // The same session goes on here: the process that held it stopped (decision 044).
    else this.startSession(room, socket.id, ref, true);
  }

  private startSession(room: SermonRoom, socketId: string, ref: ListenerRef, continued = false): void {
    room.addListener(socketId, { sessionId: ref.sessionId, userId: ref.userId, language: ref.language, voice: ref.voice, ...(ref.projector ? { projector: true } : {}) });
    // A room's screen is nobody listening (docs/decisions/019): its language is translated, but it is
    // neither counted among the listeners nor kept as a listening session, so analytics count people.
    if (!ref.projector) {
      this.core.writer.startListenerSession({
        id: ref.sessionId, sermonId: room.id, userId: ref.userId, language: ref.language, startedAt: new Date(this.core.options.clock.now()), status: 'active',
      }, continued);
    }
    this.registry.pushCounts(room);
  }

  /**
   * With several processes, a language nobody else listens to must reach the speaker's process
   * before the next line, or that line would not be translated into it: shared now, not at the next tick.
   * A speaker here spares it only when no other process has one too (a speaker page and an API
   * client, or two devices, each on a process: either may send the next line).
   */
  private async announceLanguage(room: SermonRoom, language: string): Promise<void> {
    if (!this.core.cluster.enabled || (room.speakerSockets.size > 0 && !room.remote.speaker) || room.remote.wanted.includes(language)) return;
    const pending = this.announcing.get(room.id);
    // Another listener of this process already has it announced (or on its way).
    if (room.localListeners(language) > 1) return pending?.queued ?? pending?.running ?? undefined;
    await this.announce(room);
  }

  /**
   * One share and one message for every join that arrives meanwhile (a lobby turning live brings a
   * thousand at once, decision 034): a join waits for the next share taken after it was counted.
   */
  private announce(room: SermonRoom): Promise<void> {
    let state = this.announcing.get(room.id);
    if (!state) this.announcing.set(room.id, (state = { running: null, queued: null }));
    if (state.queued) return state.queued;
    const entry = state;
    const run: Promise<void> = (entry.running ?? Promise.resolve()).catch(() => undefined).then(async () => {
      entry.queued = null;
      entry.running = run;
      try {
        await this.core.cluster.share([room], this.core.options.clock.now(), this.core.options.listenerRecoveryMs);
        this.core.cluster.send({ kind: 'presence', sermonId: room.id });
      } finally {
        if (entry.running === run) entry.running = null;
        if (!entry.running && !entry.queued) this.announcing.delete(room.id);
      }
    });
    entry.queued = run;
    return run;
  }

  private async changePrefs(socket: LiveSocket, room: SermonRoom, language: string, voice: ListenerVoice): Promise<void> {
    const ref = socket.data.listener!;
    if (ref.language !== language) {
      await socket.leave(rooms.language(room.id, ref.language));
      await socket.join(rooms.language(room.id, language));
      this.core.writer.setListenerLanguage(ref.sessionId, language);
    }
    ref.language = language;
    ref.voice = voice;
    room.updateListener(socket.id, language, voice);
    this.registry.pushCounts(room);
  }
}

import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { liveEvents, translatorKinds, type Caption, type SegmentAck, type SegmentPayload, type SermonState, type SpeakerJoinAck, type TranslatorKind } from '@app/shared';
import { sermons } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { toCaption } from '../captions/captions';
import { liveFirst } from '../../lib/live-first';
import { liveSource } from '../live-sources';
import { LiveFailure, type LiveCore, type LiveSocket } from '../live-types';
import type { RoomRegistry } from './room-registry';
import { rooms } from './room-names';
import { lineSpokenAt } from '../recognition/line-time';
import { LineStarts } from '../recognition/line-starts';
import { lastStoredSeq, lineKey, storeSegment } from '../cluster/segment-store';
import type { RoomSegment, Translation } from './room-types';
import type { SermonRoom } from './sermon-room';

/**
 * The speaker's side: joining, each recognised line on its way to listeners, pausing. The process
 * holding the speaker's socket runs the caption pipeline for the whole cluster: it numbers and
 * stores the line, starts one translation per listened language (its own listeners' and the other
 * processes'), and emits through the adapter to every process.
 */
export class SpeakerFlow {
  private readonly lineStarts: LineStarts;

  constructor(
    private readonly core: LiveCore,
    private readonly registry: RoomRegistry,
  ) {
    this.lineStarts = new LineStarts(() => core.ctx.db, (err) => core.log.error({ err }, 'a line\'s start could not be kept'));
  }

  async join(socket: LiveSocket, sermonId: string): Promise<SpeakerJoinAck> {
    const actor = socket.data.actor;
    if (!actor) throw new LiveFailure('forbidden', 'Please sign in to speak');
    const room = await this.registry.ensure({ sermonId }).catch((err: unknown) => {
      if (err instanceof LiveFailure && err.code === 'not_found') return undefined;
      throw err;
    });
    if (!room || !canReachChurch(actor, 'church:read', room.churchId)) throw new LiveFailure('not_found', 'Sermon not found');
    const isHost = room.hostId === actor.id;
    const isChurchAdmin = actor.churchId === room.churchId && canReachChurch(actor, 'sermons:end-any', room.churchId);
    if (!isHost && !isChurchAdmin) throw new LiveFailure('forbidden', 'Only the speaker of this sermon or a church administrator may speak');
    if (socket.data.speakerOf && socket.data.speakerOf !== room.id) this.left(socket, socket.data.speakerOf);
    socket.data.speakerOf = room.id;
    await socket.join([rooms.speaker(room.id), rooms.all(room.id)]);
    // The speaker may have spoken through another process until now: number on from the database.
    room.lastSeq = Math.max(room.lastSeq, await lastStoredSeq(this.core.ctx.db, room.id));
    this.connected(room, socket.id);
    const left = this.core.stream.secondsLeft(room.churchId, this.registry.ofChurch(room.churchId));
    if (left <= this.core.options.warningSeconds) this.registry.warn(room, left, true);
    return { state: this.registry.state(room), lastSeq: room.lastSeq, sourceLanguage: room.sourceLanguage, serverNow: this.core.options.clock.now() };
  }

  /** A speaker socket came back through connection-state recovery (maybe on another process). */
  async recovered(socket: LiveSocket): Promise<void> {
    if (!socket.data.speakerOf) return;
    const room = await this.registry.ensure({ sermonId: socket.data.speakerOf }).catch(() => undefined);
    if (!room || room.ending) return;
    room.lastSeq = Math.max(room.lastSeq, await lastStoredSeq(this.core.ctx.db, room.id));
    this.connected(room, socket.id);
  }

  left(socket: LiveSocket, sermonId: string): void {
    const room = this.registry.get(sermonId);
    if (!room || !room.speakerSockets.delete(socket.id)) return;
    if (room.speakerSockets.size === 0) {
      // The grace period starts: listeners see "speaker reconnecting".
      room.speakerAwaySince = this.core.options.clock.now();
      this.registry.broadcastState(room);
      this.announce(room);
    }
  }

  async segment(socket: LiveSocket, payload: SegmentPayload): Promise<SegmentAck> {
    const room = this.speakingRoom(socket, payload.sermonId);
    return this.spoken(room, payload);
  }

  /**
   * A phrase the church's recognition engine heard on the server (decision 038): the same path as
   * a line the speaker's browser sends, with a fresh clientId so a replay is never stored twice.
   * `saidAt`: when the engine's words for it began, on the live clock (decision 044).
   */
  async heard(sermonId: string, text: string, final: boolean, saidAt?: number): Promise<SegmentAck | null> {
    const room = this.registry.get(sermonId);
    if (!room || room.ending || room.status === 'paused') return null;
    return this.spoken(room, { sermonId, seq: room.lastSeq + 1, text, final, ...(final ? { clientId: randomUUID() } : {}) }, saidAt);
  }

  private async spoken(room: SermonRoom, payload: SegmentPayload, saidAt?: number): Promise<SegmentAck> {
    const receivedAt = performance.now();
    if (room.status === 'paused') throw new LiveFailure('not_live', 'The sermon is paused');
    if (!payload.final) return this.interim(room, payload.text, saidAt);
    // Counted before anything is awaited: interim text the speaker sends after this line (handled
    // while it is stored) belongs to the next line.
    room.finalsStoring++;
    // Background jobs wait for the line's captions to be sent (lib/live-first.ts).
    const sent = liveFirst(this.core.ctx).begin();
    try {
      return await this.final(room, payload, receivedAt, saidAt);
    } finally {
      room.finalsStoring--;
      room.emitChain.then(sent, sent);
    }
  }

  /**
   * Interim text: to the spoken language's listeners at once, and to the partial translations of
   * every other listened language (decision 030).
   */
  private async interim(room: SermonRoom, raw: string, saidAt?: number): Promise<SegmentAck> {
    const seq = room.lastSeq + 1 + room.finalsStoring;
    // Misheard names are put right before anyone reads them (decision 025).
    const text = await liveSource(this.core.ctx, 'correctHeardLine')(room.churchId, room.sourceLanguage, raw);
    const now = this.core.options.clock.now();
    // The line's start is kept in the database, or the one a process before this one kept is taken
    // (decision 044): the engine's time for its first words where it gave one, else now.
    if (room.lineStart?.seq !== seq) this.lineStarts.began(room, seq, lineSpokenAt({ heardFirstAt: saidAt, arrivedAt: now, sermonStartedAt: room.startedAt }));
    this.sendInterim(room, seq, text, now);
    this.core.voice.hypothesis(room, seq, text);
    // A partial sent to a caption feed is stamped with the line's stored start: it waits for it.
    void this.lineStarts.ready(room).then(() => this.core.partials.hypothesis(room, seq, text))
      .catch((err: unknown) => this.core.log.error({ err, sermonId: room.id }, 'partial translation failed'));
    return { seq };
  }

  private async final(room: SermonRoom, payload: SegmentPayload, receivedAt: number, saidAt?: number): Promise<SegmentAck> {
    const now = this.core.options.clock.now();
    // When its words began, as the speaker's page measured it (it survives a restart and the outbox),
    // or as kept for the line in progress by this process or the one before it, or as the engine
    // timed its first words; interim text after this belongs to the next line (decisions 037, 044).
    const own = lineSpokenAt({ heardFirstAt: saidAt, arrivedAt: now, sermonStartedAt: room.startedAt });
    const kept = await this.lineStarts.finished(room, room.lastSeq + room.finalsStoring, own, payload.startedAt === undefined);
    const spokenAt = lineSpokenAt({ claimed: payload.startedAt, heardFirstAt: kept ?? saidAt, arrivedAt: now, sermonStartedAt: room.startedAt });
    // A prepared paragraph goes out as stored, translations made ahead (decision 026); a heard line
    // has its misheard names put right before anyone reads it (decision 025).
    const prepared = payload.preparedParagraphId ? await liveSource(this.core.ctx, 'preparedParagraph')(room.churchId, payload.preparedParagraphId) : null;
    if (payload.preparedParagraphId && !prepared) throw new LiveFailure('not_found', 'This prepared paragraph is not available');
    const text = prepared ? prepared.text : await liveSource(this.core.ctx, 'correctHeardLine')(room.churchId, room.sourceLanguage, payload.text);

    const id = randomUUID();
    const stored = await storeSegment(this.core.ctx.db, {
      id, sermonId: room.id, sourceLanguage: room.sourceLanguage, text, clientId: lineKey(payload), createdAt: new Date(now), spokenAt: new Date(spokenAt),
    });
    if (stored.duplicate) return { seq: stored.seq, duplicate: true };
    room.lastSeq = Math.max(room.lastSeq, stored.seq);
    const segment: RoomSegment = { id, seq: stored.seq, text, at: now, spokenAt, receivedAt, translations: new Map(), pending: new Map() };
    room.pushSegment(segment);
    this.sendFinal(room, segment, now, prepared ?? undefined);
    return { seq: stored.seq };
  }

  async setPaused(socket: LiveSocket, sermonId: string, paused: boolean): Promise<{ state: SermonState }> {
    const room = this.speakingRoom(socket, sermonId);
    const status = paused ? 'paused' : 'live';
    if (room.status !== status) {
      this.core.stream.accrue(room, this.core.options.clock.now());
      room.status = status;
      await this.core.ctx.db.update(sermons).set({ status }).where(and(eq(sermons.id, room.id), inArray(sermons.status, ['live', 'paused'])));
      // Other processes stop charging paused time too.
      this.core.cluster.send({ kind: 'status', sermonId: room.id, status });
      this.registry.broadcastState(room);
    }
    return { state: this.registry.state(room) };
  }

  /** Interim text as it is to listeners of the spoken language, thinned out. */
  private sendInterim(room: SermonRoom, seq: number, text: string, now: number): void {
    if (now - room.lastInterimAt < this.core.options.interimMinGapMs) return;
    room.lastInterimAt = now;
    const interim: Caption = { sermonId: room.id, seq, language: room.sourceLanguage, text, final: false, provider: 'source' };
    this.core.emit(rooms.language(room.id, room.sourceLanguage), liveEvents.caption, interim, true);
  }

  /**
   * One translation for every listened language in the cluster is started; the spoken language's
   * listeners get the words at once, without waiting for it.
   */
  private sendFinal(room: SermonRoom, segment: RoomSegment, now: number, prepared?: { translations: Record<string, string>; provider: string }): void {
    const targets = room.wantedLanguages(now, this.core.options.listenerRecoveryMs).filter((l) => l !== room.sourceLanguage);
    // Stored translations first; a language added to the church after the text was prepared is translated now.
    const provider: Translation['provider'] = (translatorKinds as readonly string[]).includes(prepared?.provider ?? '') ? (prepared!.provider as TranslatorKind) : 'demo';
    const ready = new Map(targets.filter((l) => prepared?.translations[l] !== undefined).map((l) => [l, { text: prepared!.translations[l]!, provider }]));
    const missing = targets.filter((l) => !ready.has(l));
    if (ready.size > 0) this.core.captions.sendStored(room, segment, ready);
    const translation = missing.length > 0 ? this.core.captions.translateAndSend(room, segment, missing) : null;
    // The line's partial is over: the final replaces it on every screen (decision 030).
    this.core.partials.finalised(room, segment.seq, segment.text, translation);
    const source: Translation = { text: segment.text, provider: 'source' };
    segment.translations.set(room.sourceLanguage, source);
    this.core.emit(rooms.language(room.id, room.sourceLanguage), liveEvents.caption, toCaption(room.id, segment.seq, room.sourceLanguage, source));
    this.core.voice.final(room, segment.seq, room.sourceLanguage, segment.text);
    this.core.captions.settle(room, segment, room.sourceLanguage, source.text);
    this.core.ctx.metrics.captionDelivery.observe({ kind: 'source' }, (performance.now() - segment.receivedAt) / 1000);
  }

  private speakingRoom(socket: LiveSocket, sermonId: string): SermonRoom {
    if (socket.data.speakerOf !== sermonId) throw new LiveFailure('forbidden', 'Join as the speaker of this sermon first');
    const room = this.registry.get(sermonId);
    if (!room || room.ending) throw new LiveFailure('not_live', 'This sermon has ended');
    return room;
  }

  private connected(room: SermonRoom, socketId: string): void {
    const wasConnected = room.speakerSockets.size > 0;
    room.speakerSockets.add(socketId);
    room.speakerAwaySince = null;
    // Counts from the other processes are pushed to this speaker from now on.
    room.countsDirty = true;
    if (!wasConnected) {
      this.registry.broadcastState(room);
      this.announce(room);
    }
  }

  /**
   * With several processes, the others learn at once that the speaker came or went here, not at
   * the next tick: a listener joining there meanwhile would be told the opposite (they tell their
   * own listeners whenever their view changes, cluster.ts).
   */
  private announce(room: SermonRoom): void {
    if (!this.core.cluster.enabled) return;
    void this.core.cluster.share([room], this.core.options.clock.now(), this.core.options.listenerRecoveryMs)
      .then(() => this.core.cluster.send({ kind: 'presence', sermonId: room.id }));
  }
}

// Room recognition/: the speaker's audio heard by a speech engine on the server (ring, times, handback,
// policy, sessions) and each line's spoken-at time. Imports db/, lib/, providers/ and, in live/, rooms/ and
// the top files (live-types); never captions/, cluster/, minutes/, voice/ or chat/.
import { eq } from 'drizzle-orm';
import {
  AUDIO_BURST_MS, AUDIO_MAX_FRAMES_PER_SECOND, AUDIO_RATE, MAX_AUDIO_FRAME_BYTES, MAX_SEGMENT_CHARS, RECOGNITION_SAMPLE_RATE, recognitionEvents,
  type AudioFramePayload, type EngineSlot, type RecognitionStateEvent, type ServerRecognitionKind,
} from '@app/shared';
import { churches } from '../../db/schema';
import { buildRecognizer } from '../../providers/recognition/engines';
import { addRecognitionUsage, recordRecognitionHealth, serverRecognitionSpecs } from '../../providers/recognition/engine-store';
import { recognitionTerms } from '../../providers/recognition/glossary-terms';
import { weekStartDate } from '../../providers/translation/usage-meter';
import { LiveFailure, type LiveCore, type LiveSocket } from '../live-types';
import { RecognitionSession } from './recognition-session';
import { CLOCK_TOLERANCE_MS } from './line-time';
import type { RoomRegistry } from '../rooms/room-registry';
import { rooms } from '../rooms/room-names';
import { plainWords } from '../../lib/outbound/plain-words';
import type { SpeakerFlow } from '../rooms/speaker-flow';

/** Usage is written this often while a sermon is heard, and when it stops. */
const FLUSH_MS = 30_000;
/** A session whose speaker sent nothing for this long is closed (its engine billed for nothing). */
const IDLE_CLOSE_MS = 2 * 60_000;
/**
 * Audio a socket may send ahead of real time (decision 038): a page that was offline sends what it
 * held (up to 10 s) paced at twice real time, which these take whole (decision 056); a page
 * streaming faster than that for long is refused as too fast.
 */
const BURST_MS = AUDIO_BURST_MS;
const RATE = AUDIO_RATE;
const MAX_FRAMES_PER_SECOND = AUDIO_MAX_FRAMES_PER_SECOND;

/** A frame's capture time older than this is from a wrong clock: the ring holds 30 s, the page 25 s. */
const MAX_FRAME_AGE_MS = 60_000;

/** The last delivery times kept for the speech bench (decision 038). */
const KEEP_TIMES = 100_000;
const deliveryTimes = new WeakMap<object, number[]>();

/**
 * Milliseconds from an engine's final answer reaching this process to its caption going out to
 * the phones, for each line since start (bench:speech reads them).
 */
export function recognitionDeliveryTimes(ctx: object): number[] {
  let times = deliveryTimes.get(ctx);
  if (!times) deliveryTimes.set(ctx, (times = []));
  return times;
}

interface Held {
  session: RecognitionSession;
  churchId: string;
  timeZone: string;
  lastAudioAt: number;
  usage: Map<ServerRecognitionKind, { ms: number; failures: number }>;
}

/**
 * The speaker's audio on the server (decision 038): one RecognitionSession per sermon, held by
 * the process the speaker's socket is on, whose phrases enter SpeakerFlow like the browser's.
 */
export class ServerRecognition {
  private readonly held = new Map<string, Held>();
  private readonly buckets = new WeakMap<LiveSocket, { ms: number; frames: number; at: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly core: LiveCore, private readonly registry: RoomRegistry, private readonly speakers: SpeakerFlow) {
    this.timer = setInterval(() => void this.sweep(), FLUSH_MS);
    this.timer.unref();
  }

  /** `speaker:audio-start`: opens the church's engine (or keeps the session of a speaker who came back). */
  async start(socket: LiveSocket, sermonId: string, shown?: { seq: number; text: string }): Promise<StartAck> {
    const room = this.room(socket, sermonId);
    const existing = this.held.get(room.id);
    if (existing?.session.engine) return ackOf(existing.session);
    const { ctx } = this.core;
    const specs = await serverRecognitionSpecs(ctx, room.churchId);
    if (specs.length === 0) throw new LiveFailure('recognition_unavailable', 'This church has no speech recognition engine on the server');
    const [church] = await ctx.db.select({ timeZone: churches.timeZone }).from(churches).where(eq(churches.id, room.churchId)).limit(1);
    const terms = await recognitionTerms(ctx.db, room.churchId, room.sourceLanguage);
    const held: Held = { churchId: room.churchId, timeZone: church?.timeZone ?? 'Australia/Sydney', lastAudioAt: Date.now(), usage: new Map(), session: null as never };
    const emit = (state: Omit<RecognitionStateEvent, 'sermonId'>) => this.core.emit(rooms.speaker(room.id), recognitionEvents.state, { sermonId: room.id, ...state });
    // A line or interim text goes with what is true now: a line finished as the engine failed must
    // not tell the page an engine listens, or it stops the browser's recogniser standing in (decision 043).
    let now: Omit<RecognitionStateEvent, 'sermonId'> = { engine: null, slot: null, state: 'switching' };
    const state = (s: Omit<RecognitionStateEvent, 'sermonId'>) => emit((now = s));
    held.session = new RecognitionSession(
      specs.map(({ slot, spec }) => ({ slot, engine: buildRecognizer(ctx, spec) })),
      { language: room.sourceLanguage, locale: room.languages.get(room.sourceLanguage)?.locale ?? undefined, terms },
      {
        interim: (text, saidAgoMs) => {
          void this.speakers.heard(room.id, text.slice(0, MAX_SEGMENT_CHARS), false, this.saidAt(saidAgoMs)).catch(() => undefined);
          // The line they are: a page that loses this server tells the next one (decision 059).
          const live = this.registry.get(room.id);
          emit({ ...now, interim: text, ...(live ? { seq: live.lastSeq + 1 + live.finalsStoring } : {}) });
        },
        final: async (text, heardAt, saidAgoMs) => {
          const times = recognitionDeliveryTimes(ctx);
          // The engine's time for the phrase's first words goes with its first line (decision 044).
          for (const [i, line] of chunks(text).entries()) {
            const ack = await this.speakers.heard(room.id, line, true, i === 0 ? this.saidAt(saidAgoMs) : undefined).catch((err: unknown) => {
              this.core.log.error({ err, sermonId: room.id }, 'a heard line could not be stored');
              return null;
            });
            if (ack && times.length < KEEP_TIMES) times.push(performance.now() - heardAt);
            if (ack) emit({ ...now, heard: { seq: ack.seq, text: line } });
          }
        },
        state,
        usage: (kind, ms) => {
          const u = held.usage.get(kind) ?? { ms: 0, failures: 0 };
          u.ms += ms;
          held.usage.set(kind, u);
        },
        failed: (slot, kind, error) => {
          const u = held.usage.get(kind) ?? { ms: 0, failures: 0 };
          u.failures++;
          held.usage.set(kind, u);
          // The health list says what happened in the server's words, never the engine's (decision 041).
          void recordRecognitionHealth(ctx.db, room.churchId, slot, kind, plainWords(error.kind, error.status)).catch(() => undefined);
        },
        log: (action, slot) => action.do !== 'none' && this.core.log.warn({ sermonId: room.id, slot, action }, 'speech recognition engine failed'),
      },
    );
    this.held.set(room.id, held);
    // This server hears the sermon afresh (it restarted, or the speaker moved to it): the words the
    // phones have of a line no server finished lead its first phrase, unless it was stored meanwhile.
    if (shown && shown.seq > room.lastSeq) held.session.shown.continueLine(shown.text);
    await held.session.start();
    const engine = held.session.engine!;
    if (held.session.listening) void recordRecognitionHealth(ctx.db, room.churchId, engine.slot, engine.engine.kind, null).catch(() => undefined);
    return ackOf(held.session);
  }

  /**
   * The speaker's page sent a line itself (its browser's recogniser or typing): while no engine
   * listens, that time's audio is the page's (decision 043). Returns what is left of the line to
   * store, or the ack of a line the engine that came back already said whole (the hand-back).
   */
  pageSpoke(socket: LiveSocket, sermonId: string, text: string, final: boolean): string | { seq: number; duplicate: true } {
    if (socket.data.speakerOf !== sermonId) return text;
    const left = this.held.get(sermonId)?.session.pageSpoke(text, final) ?? text;
    return left || { seq: this.registry.get(sermonId)?.lastSeq ?? 0, duplicate: true };
  }

  /**
   * When a line the page's recogniser heard while standing in began (the live clock): its first
   * interim, `startedAt`, is a recogniser's latency after its first word, found in the audio (decision 059).
   */
  pageLineStart(socket: LiveSocket, sermonId: string, startedAt: number | undefined): number | undefined {
    if (startedAt === undefined || socket.data.speakerOf !== sermonId) return startedAt;
    const now = this.core.options.clock.now();
    const ago = this.held.get(sermonId)?.session.pagePhraseAgo(Math.max(0, now - startedAt));
    return ago === undefined ? startedAt : Math.round(now - ago);
  }

  /** `speaker:stand-in`: the page's own recogniser hears from `from` (the live clock), decision 059. */
  standIn(socket: LiveSocket, sermonId: string, from: number): object {
    const room = this.room(socket, sermonId);
    this.held.get(room.id)?.session.pageHears(Math.max(0, this.core.options.clock.now() - from));
    return {};
  }

  /** `speaker:audio`: a frame from the sermon's speaker only; a bad or too fast one is refused, the session goes on. */
  audio(socket: LiveSocket, frame: AudioFramePayload): void {
    const room = this.room(socket, frame.sermonId);
    if (frame.audio.byteLength > MAX_AUDIO_FRAME_BYTES) throw new LiveFailure('too_large', 'An audio frame may hold at most half a second');
    const held = this.held.get(room.id);
    if (!held) throw new LiveFailure('recognition_unavailable', 'Start the audio first');
    if (!this.allow(socket, frame.audio.byteLength)) throw new LiveFailure('too_fast', 'Audio is arriving faster than it is spoken');
    held.lastAudioAt = Date.now();
    // When the page captured it (decision 059), believed within the clocks' difference and the ring's reach.
    const ago = frame.at === undefined ? undefined : this.core.options.clock.now() - frame.at;
    const saidAgoMs = ago !== undefined && ago >= -CLOCK_TOLERANCE_MS && ago <= MAX_FRAME_AGE_MS ? Math.max(0, ago) : undefined;
    held.session.push(Buffer.from(frame.audio.buffer, frame.audio.byteOffset, frame.audio.byteLength), saidAgoMs);
  }

  /** `speaker:audio-stop` (pause, stop): the engine finishes the phrase it heard, then closes. */
  async stop(socket: LiveSocket, sermonId: string): Promise<object> {
    const room = this.room(socket, sermonId);
    await this.end(room.id);
    return {};
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.held.keys()].map((id) => this.end(id)));
  }

  private async end(sermonId: string): Promise<void> {
    const held = this.held.get(sermonId);
    if (!held) return;
    this.held.delete(sermonId);
    await held.session.stop();
    await this.flush([[sermonId, held]]);
  }

  /**
   * Writes usage of every sermon in one statement (a statement per sermon would queue the embedded
   * database ahead of the lines being stored); closes the sessions of sermons that ended or whose
   * speaker went quiet.
   */
  private async sweep(): Promise<void> {
    const now = Date.now();
    for (const [id, held] of this.held) {
      const room = this.registry.get(id);
      if (!room || room.ending || now - held.lastAudioAt > IDLE_CLOSE_MS) await this.end(id).catch(() => undefined);
    }
    await this.flush([...this.held.entries()]).catch((err: unknown) => this.core.log.error({ err }, 'recognition usage not written'));
  }

  private async flush(sermons: [string, Held][]): Promise<void> {
    const rows = sermons.flatMap(([sermonId, held]) => {
      const entries = [...held.usage.entries()];
      held.usage.clear();
      const weekStart = weekStartDate(held.timeZone);
      return entries.map(([engine, u]) => ({ sermonId, churchId: held.churchId, engine, weekStart, seconds: u.ms / 1000, failures: u.failures }));
    });
    await addRecognitionUsage(this.core.ctx.db, rows);
  }

  /** An engine's "said this long ago" on the live clock, which stored lines are timed by. */
  private saidAt(agoMs: number | undefined): number | undefined {
    return agoMs === undefined ? undefined : this.core.options.clock.now() - agoMs;
  }

  private room(socket: LiveSocket, sermonId: string) {
    if (socket.data.speakerOf !== sermonId) throw new LiveFailure('forbidden', 'Join as the speaker of this sermon first');
    const room = this.registry.get(sermonId);
    if (!room || room.ending) throw new LiveFailure('not_live', 'This sermon has ended');
    return room;
  }

  /** A token bucket in milliseconds of audio, and one in frames: real time passes, a burst does not last. */
  private allow(socket: LiveSocket, bytes: number): boolean {
    const now = performance.now();
    const b = this.buckets.get(socket) ?? { ms: BURST_MS, frames: MAX_FRAMES_PER_SECOND, at: now };
    const elapsed = now - b.at;
    b.at = now;
    b.ms = Math.min(BURST_MS, b.ms + elapsed * RATE);
    b.frames = Math.min(MAX_FRAMES_PER_SECOND, b.frames + (elapsed / 1000) * MAX_FRAMES_PER_SECOND);
    this.buckets.set(socket, b);
    const ms = (bytes / 2 / RECOGNITION_SAMPLE_RATE) * 1000;
    if (b.ms < ms || b.frames < 1) return false;
    b.ms -= ms;
    b.frames--;
    return true;
  }
}

interface StartAck {
  engine: ServerRecognitionKind;
  slot: EngineSlot;
  /** `failed`: no engine listens yet (a retry waits); the speaker's browser may take over. */
  state: 'listening' | 'failed';
}

function ackOf(session: RecognitionSession): StartAck {
  const engine = session.engine!;
  return { engine: engine.engine.kind, slot: engine.slot, state: session.listening ? 'listening' : 'failed' };
}

/** A phrase longer than a line may be, cut at spaces. */
function chunks(text: string): string[] {
  if (text.length <= MAX_SEGMENT_CHARS) return [text];
  const out: string[] = [];
  let rest = text;
  while (rest.length > MAX_SEGMENT_CHARS) {
    const cut = rest.lastIndexOf(' ', MAX_SEGMENT_CHARS);
    const at = cut > 0 ? cut : MAX_SEGMENT_CHARS;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}

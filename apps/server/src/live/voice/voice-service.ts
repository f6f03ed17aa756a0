// Room voice/: the listeners' voice (decision 039: pieces, pacing, track, streams, the cache of
// spoken lines). Imports lib/, context, providers/ and, in live/, rooms/, captions/ (word units)
// and cluster/; never recognition/ or minutes/.
import type { FastifyBaseLogger } from 'fastify';
import { liveEvents, type VoicePiece, type VoiceStatus } from '@app/shared';
import type { AppContext } from '../../context';
import { providersForChurch } from '../../providers/church-providers';
import type { VoiceRequest } from '../../providers/speech/speech';
import type { ClusterLink } from '../cluster/cluster';
import { rooms } from '../rooms/room-names';
import type { SermonRoom } from '../rooms/sermon-room';
import { type Piece, SpokenLines } from './voice-pieces';
import type { VoiceStreams } from './voice-streams';
import { VoiceTrack } from './voice-track';
import type { PacingOptions } from './voice-pacing';
import { clipAtRate, warmVoiceAudio, type PreparedClip } from '../../lib/audio/voice-audio';
import type { TtsCache } from './tts-cache';

export interface VoiceServiceDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  cluster: ClusterLink;
  streams: VoiceStreams;
  /** Where a line's voice is kept once said, for listening again after the sermon (decision 037). */
  clips: TtsCache;
  now(): number;
  emit(room: string, event: string, payload: unknown, volatile?: boolean): void;
  /** Most a piece waits for its synthesis before the voice goes on without it. */
  synthesisWaitMs?: number;
  pacing?: PacingOptions;
}

interface SermonVoice {
  lines: Map<string, SpokenLines>;
  tracks: Map<string, VoiceTrack>;
  /** The synthesised pieces of the line being said, per language, voice and line. */
  pieces: Map<string, Array<Promise<PreparedClip | null>>>;
}

/**
 * The listeners' voice on the process holding the speaker (decision 039): settled text becomes
 * pieces (voice-pieces.ts), each piece is synthesised once per language and voice for the whole
 * cluster — only for voices someone listens to — and placed on that voice's timeline
 * (voice-track.ts), from which every process streams it (voice-streams.ts). Phones that speak
 * with their own voice get the pieces' text. Nothing here holds captions back: it is called after
 * they are sent.
 */
export class VoiceService {
  private readonly sermons = new WeakMap<SermonRoom, SermonVoice>();

  constructor(private readonly deps: VoiceServiceDeps) {}

  /** A hypothesis of the spoken language's line `seq`: its stable words may make a piece. */
  hypothesis(room: SermonRoom, seq: number, text: string): void {
    if (room.hasSpeech) warmVoiceAudio();
    this.say(room, room.sourceLanguage, this.lines(room, room.sourceLanguage).hypothesis(seq, text));
  }

  /** The committed part of a translated line so far (decision 030). */
  committed(room: SermonRoom, seq: number, language: string, text: string): void {
    this.say(room, language, this.lines(room, language).committed(seq, text));
  }

  /** Line `seq` is final in `language`; null when its text is not to be said (untranslated). */
  final(room: SermonRoom, seq: number, language: string, text: string | null): void {
    this.say(room, language, this.lines(room, language).final(seq, text));
    for (const voice of ['female', 'male'] as const) this.keepLine(room, language, voice, seq);
  }

  private of(room: SermonRoom): SermonVoice {
    let v = this.sermons.get(room);
    if (!v) {
      v = { lines: new Map(), tracks: new Map(), pieces: new Map() };
      this.sermons.set(room, v);
    }
    return v;
  }

  private lines(room: SermonRoom, language: string): SpokenLines {
    const v = this.of(room);
    let lines = v.lines.get(language);
    if (!lines) {
      lines = new SpokenLines(language);
      v.lines.set(language, lines);
    }
    return lines;
  }

  private say(room: SermonRoom, language: string, piece: Piece | null): void {
    if (!piece || room.ending) return;
    const settledAt = this.deps.now();
    const payload: VoicePiece = { sermonId: room.id, language, seq: piece.seq, index: piece.index, text: piece.text, settledAt };
    this.deps.emit(rooms.language(room.id, language), liveEvents.voicePiece, payload);
    const lang = room.languages.get(language);
    if (!room.hasSpeech || !lang?.locale) return;
    for (const voice of room.voicesWanted(language)) {
      const voiceId = voice === 'male' ? lang.maleVoiceId : lang.femaleVoiceId;
      if (!voiceId) continue;
      const audio = this.synthesize(room, { text: piece.text, locale: lang.locale, gender: voice, voiceId, sermonId: room.id });
      const prepared = this.track(room, language, voice).push({ settledAt, audio, characters: piece.text.length });
      const pieces = this.of(room).pieces;
      const k = `${language} ${voice} ${piece.seq}`;
      pieces.set(k, [...(pieces.get(k) ?? []), prepared]);
    }
  }

  /**
   * A line's pieces, once it is final, are kept as that line's clip (the one listen-again offers):
   * what was heard live, at normal speed, with no synthesis of its own.
   */
  private keepLine(room: SermonRoom, language: string, voice: 'male' | 'female', seq: number): void {
    const pieces = this.of(room).pieces;
    const k = `${language} ${voice} ${seq}`;
    const list = pieces.get(k);
    if (!list) return;
    pieces.delete(k);
    this.deps.clips.ensure({ sermonId: room.id, seq, language, voice }, async () => {
      const clips = (await Promise.all(list)).filter((c): c is PreparedClip => c !== null);
      if (clips.length === 0) throw new Error('No piece of this line was synthesised');
      const frames = await Promise.all(clips.map(async (c) => (await clipAtRate(c, 1)).frames));
      return Buffer.concat(frames.flat());
    });
  }

  private track(room: SermonRoom, language: string, voice: 'male' | 'female'): VoiceTrack {
    const v = this.of(room);
    const k = `${language} ${voice}`;
    let track = v.tracks.get(k);
    if (!track) {
      let caughtUp: ReturnType<typeof setTimeout> | null = null;
      const status = (behindS: number, rate: number) => {
        const s: VoiceStatus = { sermonId: room.id, language, behindS: Math.round(behindS * 10) / 10, rate, skipped: track!.skippedCount };
        this.deps.emit(rooms.language(room.id, language), liveEvents.voiceStatus, s, true);
        this.deps.emit(rooms.speaker(room.id), liveEvents.voiceStatus, s, true);
      };
      track = new VoiceTrack({
        now: this.deps.now,
        synthesisWaitMs: this.deps.synthesisWaitMs ?? 3000,
        pacing: this.deps.pacing,
        placed: (p) => {
          this.deps.streams.add(room.id, language, voice, p.startAt, p.mp3);
          this.deps.cluster.send({ kind: 'voice', sermonId: room.id, language, voice, startAt: p.startAt, mp3: p.mp3.toString('base64') });
          status(p.behindS, p.rate);
          // Said with nothing after it, the voice is at the live edge again: a phone's notice of
          // catching up must not outlast the piece that was behind (decision 049).
          if (caughtUp) clearTimeout(caughtUp);
          caughtUp = setTimeout(() => {
            caughtUp = null;
            if (p.rate !== 1 || p.behindS !== 0) status(0, 1);
          }, Math.max(0, p.endAt - this.deps.now()));
          caughtUp.unref?.();
        },
        skipped: (behindS) => {
          this.deps.log.warn({ sermonId: room.id, language, behindS }, 'voice left a piece out: too far behind');
          status(behindS, 1.3);
        },
        failed: (err) => this.deps.log.warn({ err, sermonId: room.id, language }, 'voice piece could not be prepared'),
      }, this.deps.streams.endAt(room.id, language, voice));
      v.tracks.set(k, track);
    }
    return track;
  }

  /** Whichever of the church's voice engines speaks, its clip joins this one stream (decision 040). */
  private async synthesize(room: SermonRoom, request: VoiceRequest): Promise<Buffer | null> {
    try {
      const { synthesizer } = await providersForChurch(this.deps.ctx, room.churchId);
      if (!synthesizer) return null;
      return await synthesizer.speak(request);
    } catch (err) {
      this.deps.log.warn({ err }, 'speech synthesis failed');
      return null;
    }
  }
}

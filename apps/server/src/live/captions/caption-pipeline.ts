// Room captions/: a said line translated, stored and sent (pipeline, stored captions, partial
// translations and their policy, word units, translate). Imports db/, context, providers/ and, in live/,
// rooms/, cluster/ (the write queue), voice/ (the voice cache) and live-sources; never recognition/ or minutes/.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { liveEvents, type Caption, type LiveError } from '@app/shared';
import type { AppContext } from '../../context';
import { sermons } from '../../db/schema';
import { providersForChurch } from '../../providers/church-providers';
import type { VoiceRequest } from '../../providers/speech/speech';
import { audioUrls, segmentInLanguage, storedSegments, toCaption, type SegmentInLanguage } from './captions';
import { loadJoinLanguages } from '../rooms/join-languages';
import { rooms } from '../rooms/room-names';
import type { ListenerVoice, RoomSegment, Translation } from '../rooms/room-types';
import type { SermonRoom } from '../rooms/sermon-room';
import { SettledCaptions } from './settled-captions';
import { translateForLanguages, type TranslationOutcome } from './translate';
import type { ClipKey, TtsCache } from '../voice/tts-cache';
import type { WriteQueue } from '../cluster/write-queue';

export interface CaptionPipelineDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  writer: WriteQueue;
  tts: TtsCache;
  /** Missing translations made on demand per catch-up; the rest arrive as original text. */
  maxOnDemandTranslations: number;
  room(sermonId: string): SermonRoom | undefined;
  /** Whether this process's memory of a room has every line so far (it holds the speaker, or is alone). */
  memoryIsCurrent(room: SermonRoom): boolean;
  emit(room: string, event: string, payload: unknown): void;
  /** A language's final of a line was sent: the voice says what its pieces had not (decision 039); null: nothing to say. */
  settled?(room: SermonRoom, seq: number, language: string, text: string | null): void;
}

/**
 * What happens to a final segment and what listeners read back: one translation per segment for
 * every listened language, captions in seq order per room, voices made once and offered by URL,
 * and catch-up captions from memory or the stored transcript.
 */
export class CaptionPipeline {
  /** Final captions as they leave, for livestream caption feeds (decision 037). */
  readonly settled = new SettledCaptions();
  private readonly onDemand = new Map<string, Promise<Translation>>();
  /** Stored-transcript reads in flight, shared by every catch-up asking the same (decision 028). */
  private readonly reading = new Map<string, Promise<SegmentInLanguage[]>>();

  constructor(private readonly deps: CaptionPipelineDeps) {}

  /**
   * Captions of a sermon in one language after `afterSeq`: from memory while live, else from the
   * stored transcript; translations nobody asked for yet are made now (and stored).
   */
  async captionsFor(
    sermonId: string,
    language: string,
    afterSeq: number,
    opts: { limit?: number; voice?: ListenerVoice; churchId?: string; sourceLanguage?: string } = {},
  ): Promise<Caption[]> {
    const room = this.deps.room(sermonId);
    const churchId = room?.churchId ?? opts.churchId;
    const source = room?.sourceLanguage ?? opts.sourceLanguage;
    if (!churchId || !source) throw new Error('captionsFor needs a live sermon or its church and language');

    // Memory holds every segment from `lowestInMemory` on; older ones (evicted, or from before a
    // restart) are read from the database, which a congregation joining at once must not all hit.
    // With several processes memory is current only where the speaker is: elsewhere (or once the
    // speaker moved away) everything comes from the database (segments are stored before they are
    // broadcast).
    const current = room !== undefined && this.deps.memoryIsCurrent(room);
    const memory = current ? room.recent : [];
    let segments: SegmentInLanguage[] = memory.filter((s) => s.seq > afterSeq).map((s) => segmentInLanguage(s, language));
    const lowestInMemory = memory[0]?.seq ?? null;
    // Current memory with nothing in it: nothing has been said yet (a lobby joining at the start).
    const needsStored = lowestInMemory === null ? !(current && room.lastSeq <= afterSeq) : afterSeq + 1 < lowestInMemory;
    if (needsStored && (opts.limit === undefined || segments.length < opts.limit)) {
      if (!room) await this.deps.writer.flush();
      const stored = await this.readStored(sermonId, language, afterSeq, lowestInMemory ?? undefined);
      segments = [...stored, ...segments];
    }
    if (opts.limit !== undefined && segments.length > opts.limit) segments = segments.slice(-opts.limit);

    let budget = this.deps.maxOnDemandTranslations;
    const resolved: Array<Translation | Promise<Translation>> = segments.map((s) => {
      if (language === source) return { text: s.text, provider: 'source' };
      if (s.translation) return s.translation;
      if (budget <= 0) return { text: s.text, provider: 'untranslated' };
      budget--;
      return this.translateOnDemand(churchId, source, s, language, room);
    });
    const translations = await Promise.all(resolved);
    const voice = opts.voice === 'male' || opts.voice === 'female' ? opts.voice : null;
    return segments.map((s, i) => {
      const key: ClipKey | null = voice ? { sermonId, seq: s.seq, language, voice } : null;
      return toCaption(sermonId, s.seq, language, translations[i]!, key && this.deps.tts.has(key) ? audioUrls(sermonId, s.seq, language, [key.voice]) : undefined);
    });
  }

  /**
   * The listeners of a process that died come back together, most asking for the same lines in
   * the same language: one database read answers all who ask while it runs.
   */
  private readStored(sermonId: string, language: string, afterSeq: number, beforeSeq: number | undefined): Promise<SegmentInLanguage[]> {
    const key = `${sermonId} ${language} ${afterSeq} ${beforeSeq ?? ''}`;
    let read = this.reading.get(key);
    if (!read) {
      read = storedSegments(this.deps.ctx.db, sermonId, language, afterSeq, beforeSeq).finally(() => this.reading.delete(key));
      this.reading.set(key, read);
    }
    return read;
  }

  /** A voice clip for the audio route: cached, in progress, or made now from the stored text. */
  async clip(key: ClipKey): Promise<Buffer | null> {
    const cached = await this.deps.tts.get(key);
    if (cached) return cached;
    const spec = await this.clipSpec(key);
    if (!spec) return null;
    return this.deps.tts.get(key, () => this.synthesize(spec.churchId, { text: spec.text, locale: spec.locale, voiceId: spec.voiceId, gender: key.voice, sermonId: key.sermonId }));
  }

  /**
   * One translation for every listened language; captions leave in seq order per room. A model
   * engine reads the sermon's previous few lines with it: this room's own, so never another
   * church's text (decision 033). Returns the translation (partials wait for it and count its
   * cost, decision 030).
   */
  translateAndSend(room: SermonRoom, segment: RoomSegment, targets: string[]): Promise<TranslationOutcome> {
    const context = sermonContext(room, segment.seq);
    const job = translateForLanguages(this.deps.ctx, this.deps.log, room.churchId, segment.text, room.sourceLanguage, targets, { purpose: 'final', context });
    this.deliver(room, segment, targets, job);
    return job;
  }

  /** Translations made ahead (a prepared paragraph, decision 026): sent in seq order with no translator call. */
  sendStored(room: SermonRoom, segment: RoomSegment, ready: Map<string, Translation>): void {
    this.deliver(room, segment, [...ready.keys()], Promise.resolve({ byLanguage: ready, failed: false, characters: 0 }));
  }

  private deliver(room: SermonRoom, segment: RoomSegment, targets: string[], job: Promise<TranslationOutcome>): void {
    for (const lang of targets) {
      segment.pending.set(lang, job.then((r) => r.byLanguage.get(lang) ?? { text: segment.text, provider: 'untranslated' }));
    }
    const previous = room.emitChain;
    room.emitChain = (async () => {
      const outcome = await job;
      await previous;
      for (const lang of targets) {
        const t = outcome.byLanguage.get(lang) ?? { text: segment.text, provider: 'untranslated' as const };
        segment.translations.set(lang, t);
        segment.pending.delete(lang);
        // Untranslated text is not stored: the transcript can still be translated later.
        if (t.provider !== 'untranslated') this.deps.writer.addTranslation({ segmentId: segment.id, language: lang, text: t.text, provider: t.provider });
        this.deps.emit(rooms.language(room.id, lang), liveEvents.caption, toCaption(room.id, segment.seq, lang, t));
        // No voice for text that failed to translate: a Spanish voice reading English helps nobody.
        this.deps.settled?.(room, segment.seq, lang, t.provider === 'untranslated' ? null : t.text);
        this.settle(room, segment, lang, t.text);
        // Once per caption and language, not per listener: the room's fan-out is one emit (decision 035).
        this.deps.ctx.metrics.captionDelivery.observe({ kind: 'translation' }, (performance.now() - segment.receivedAt) / 1000);
      }
      if (outcome.failed) {
        const error: LiveError = { code: 'translation_failed', message: 'Translation error occurred' };
        this.deps.emit(rooms.speaker(room.id), liveEvents.error, error);
      }
    })().catch((err) => this.deps.log.error({ err, sermonId: room.id }, 'caption fan-out failed'));
  }

  /** A final caption left for one language: livestream feeds are told (decision 037). */
  settle(room: SermonRoom, segment: RoomSegment, language: string, text: string): void {
    this.settled.announce({ sermonId: room.id, churchId: room.churchId, seq: segment.seq, language, text, final: true, spokenAt: segment.spokenAt ?? segment.at });
  }

  private translateOnDemand(churchId: string, source: string, s: SegmentInLanguage, language: string, room?: SermonRoom): Promise<Translation> {
    const key = `${s.id}|${language}`;
    const inFlight = this.onDemand.get(key);
    if (inFlight) return inFlight;
    const job = translateForLanguages(this.deps.ctx, this.deps.log, churchId, s.text, source, [language]).then((r) => {
      const t = r.byLanguage.get(language) ?? { text: s.text, provider: 'untranslated' as const };
      if (t.provider !== 'untranslated') {
        this.deps.writer.addTranslation({ segmentId: s.id, language, text: t.text, provider: t.provider });
        room?.segment(s.seq)?.translations.set(language, t);
      }
      return t;
    });
    this.onDemand.set(key, job);
    void job.finally(() => this.onDemand.delete(key));
    return job;
  }

  private async synthesize(churchId: string, request: VoiceRequest): Promise<Buffer> {
    const { synthesizer } = await providersForChurch(this.deps.ctx, churchId);
    if (!synthesizer) throw new Error('This church has no voice engine');
    return synthesizer.speak(request);
  }

  /** Text, locale and voice of a clip, from memory or the stored transcript. */
  private async clipSpec(key: ClipKey): Promise<{ churchId: string; text: string; locale: string; voiceId: string } | null> {
    const room = this.deps.room(key.sermonId);
    const [row] = room ? [] : await this.deps.ctx.db
      .select({ churchId: sermons.churchId, source: sermons.sourceLanguage })
      .from(sermons).where(eq(sermons.id, key.sermonId)).limit(1);
    const churchId = room?.churchId ?? row?.churchId;
    const source = room?.sourceLanguage ?? row?.source;
    if (!churchId || !source) return null;
    const languages = room?.languages ?? new Map((await loadJoinLanguages(this.deps.ctx.db, churchId, source)).map((l) => [l.code, l]));
    const lang = languages.get(key.language);
    const voiceId = key.voice === 'male' ? lang?.maleVoiceId : lang?.femaleVoiceId;
    if (!lang?.locale || !voiceId) return null;
    const inMemory = room?.segment(key.seq)?.translations.get(key.language);
    let text = inMemory && inMemory.provider !== 'untranslated' ? inMemory.text : undefined;
    if (!text) {
      const [stored] = await storedSegments(this.deps.ctx.db, key.sermonId, key.language, key.seq - 1, key.seq + 1);
      if (!stored) return null;
      const t = stored.translation;
      text = key.language === source ? stored.text : t && !(t instanceof Promise) ? t.text : undefined;
    }
    return text ? { churchId, text, locale: lang.locale, voiceId } : null;
  }
}

/** Lines of context a model engine gets before the line it translates. */
export const CONTEXT_LINES = 3;

/** The room's lines just before `seq`, oldest first (the room holds only its own sermon's lines). */
export function sermonContext(room: SermonRoom, seq: number): string[] {
  return room.recent.filter((s) => s.seq < seq).slice(-CONTEXT_LINES).map((s) => s.text);
}

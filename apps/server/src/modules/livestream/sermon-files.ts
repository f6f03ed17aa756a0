import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import { msg, sermonAudioPath, type OverlayAnswer, type SermonTimeline } from '@app/shared';
import type { AppContext } from '../../context';
import { churches, churchOverlays, scheduledSermons, segmentTranslations, sermons, storedFiles, transcriptSegments, users } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { sha256 } from '../../lib/crypto';
import { badRequest, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { liveFor } from '../../live/live-service';
import { cuesOf, toSrt, toVtt, type TimedLine } from './subtitles';

/** A sermon of a church the person belongs to (a platform administrator: any); another church's answers 404. */
async function readableSermon(ctx: AppContext, actor: Actor, id: string) {
  const [sermon] = await ctx.db.select().from(sermons).where(eq(sermons.id, id)).limit(1);
  if (!sermon || !canReachChurch(actor, 'church:read', sermon.churchId)) throw notFound('Sermon');
  return sermon;
}

/** The spoken language first, then every language a line was translated into. */
async function heardIn(ctx: AppContext, sermonId: string, source: string): Promise<string[]> {
  const rows = await ctx.db.selectDistinct({ language: segmentTranslations.language }).from(segmentTranslations)
    .innerJoin(transcriptSegments, eq(transcriptSegments.id, segmentTranslations.segmentId))
    .where(eq(transcriptSegments.sermonId, sermonId));
  return [source, ...rows.map((r) => r.language).filter((l) => l !== source).sort()];
}

interface Line extends TimedLine { seq: number }

/** The sermon's lines in one language with their times from its start (untranslated lines in the spoken words). */
async function timedLines(ctx: AppContext, sermon: typeof sermons.$inferSelect, language: string): Promise<Line[]> {
  const languages = await heardIn(ctx, sermon.id, sermon.sourceLanguage);
  if (!languages.includes(language)) {
    throw badRequest('Some fields are not valid', [{ field: 'lang', message: 'The sermon was not heard in this language', key: msg('invalidChoice') }]);
  }
  await liveFor(ctx).writer.flush();
  const captions = await liveFor(ctx).captions.captionsFor(sermon.id, language, 0, { churchId: sermon.churchId, sourceLanguage: sermon.sourceLanguage });
  const text = new Map(captions.map((c) => [c.seq, c.text]));
  const rows = await ctx.db.select({ seq: transcriptSegments.seq, spokenAt: transcriptSegments.spokenAt, createdAt: transcriptSegments.createdAt })
    .from(transcriptSegments).where(eq(transcriptSegments.sermonId, sermon.id)).orderBy(asc(transcriptSegments.seq));
  const t0 = sermon.startedAt.getTime();
  return rows.map((r) => ({
    seq: r.seq,
    start: Math.max(0, (r.spokenAt ?? r.createdAt).getTime() - t0),
    end: Math.max(0, r.createdAt.getTime() - t0),
    text: text.get(r.seq) ?? '',
  }));
}

export async function subtitleFile(ctx: AppContext, actor: Actor, id: string, format: 'vtt' | 'srt', query: { lang: string; offset: number }): Promise<{ text: string; fileName: string }> {
  const sermon = await readableSermon(ctx, actor, id);
  const cues = cuesOf(await timedLines(ctx, sermon, query.lang));
  const text = format === 'vtt' ? toVtt(cues, query.offset * 1000) : toSrt(cues, query.offset * 1000);
  return { text, fileName: `${await fileStem(ctx, sermon)}-${query.lang.replace(/[^A-Za-z0-9-]/g, '_')}.${format}` };
}

/**
 * A downloaded file says what it is: the church's local day and the service's title
 * ("2026-11-22-sunday-service"), or "sermon" when it was not a scheduled service.
 */
async function fileStem(ctx: AppContext, sermon: typeof sermons.$inferSelect): Promise<string> {
  const [church] = await ctx.db.select({ timeZone: churches.timeZone }).from(churches).where(eq(churches.id, sermon.churchId)).limit(1);
  const [service] = sermon.scheduledSermonId
    ? await ctx.db.select({ title: scheduledSermons.title }).from(scheduledSermons).where(eq(scheduledSermons.id, sermon.scheduledSermonId)).limit(1)
    : [];
  // en-CA writes dates as YYYY-MM-DD.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: church?.timeZone || 'UTC' }).format(sermon.startedAt);
  const title = (service?.title ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${day}-${title || 'sermon'}`;
}

/** The service's title and the preacher's name, which name the sermon on its page. */
async function namesOf(ctx: AppContext, sermon: typeof sermons.$inferSelect): Promise<{ title: string | null; hostName: string | null }> {
  const [service] = sermon.scheduledSermonId
    ? await ctx.db.select({ title: scheduledSermons.title }).from(scheduledSermons).where(eq(scheduledSermons.id, sermon.scheduledSermonId)).limit(1)
    : [];
  const [host] = sermon.hostId ? await ctx.db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, sermon.hostId)).limit(1) : [];
  return { title: service?.title ?? null, hostName: host ? [host.first, host.last].filter(Boolean).join(' ') : null };
}

/** Listen again: the transcript in one language with times and the voice clips that were made. */
export async function sermonTimeline(ctx: AppContext, actor: Actor, id: string, language: string): Promise<SermonTimeline> {
  const sermon = await readableSermon(ctx, actor, id);
  const lines = await timedLines(ctx, sermon, language);
  const clips = await madeClips(ctx, sermon.id, language);
  return {
    sermonId: sermon.id,
    ...(await namesOf(ctx, sermon)),
    startedAt: sermon.startedAt.toISOString(),
    status: sermon.status,
    language,
    languages: await heardIn(ctx, sermon.id, sermon.sourceLanguage),
    lines: lines.filter((l) => l.text).map((l) => ({
      seq: l.seq,
      at: Math.round(l.start / 100) / 10,
      text: l.text,
      audio: clips.get(l.seq) ?? null,
    })),
  };
}

/**
 * Voice clips stored for a sermon's language (tts-cache.ts keys), female first. Read from the
 * files table: with S3 (decision 006) the clips are in the bucket and none are listed.
 */
async function madeClips(ctx: AppContext, sermonId: string, language: string): Promise<Map<number, string>> {
  const lang = language.replace(/[^A-Za-z0-9-]/g, '_');
  const rows = await ctx.db.select({ key: storedFiles.key }).from(storedFiles).where(like(storedFiles.key, `tts/${sermonId}/%-${lang}-%`));
  const clips = new Map<number, string>();
  for (const { key } of rows.sort((a, b) => a.key.localeCompare(b.key))) {
    const m = /\/(\d+)-[^/]+-(male|female)\.mp3$/.exec(key);
    if (m && !clips.has(Number(m[1]))) clips.set(Number(m[1]), sermonAudioPath(sermonId, Number(m[1]), language, m[2] as 'male' | 'female'));
  }
  return clips;
}

/** The overlay page's answer (public, by its token): look, live sermon, newest captions. */
export async function overlayAnswer(ctx: AppContext, token: string, after: number): Promise<OverlayAnswer> {
  const [overlay] = await ctx.db.select().from(churchOverlays).where(eq(churchOverlays.tokenHash, sha256(token))).limit(1);
  if (!overlay) throw notFound('Overlay');
  const [sermon] = await ctx.db.select({ id: sermons.id, sourceLanguage: sermons.sourceLanguage, status: sermons.status }).from(sermons)
    .where(and(eq(sermons.churchId, overlay.churchId), inArray(sermons.status, ['live', 'paused'])))
    .orderBy(desc(sermons.startedAt)).limit(1);
  if (!sermon) return { style: overlay.style, live: false, sermonId: null, captions: [] };
  const captions = await Promise.all(overlay.style.languages.map((language) =>
    liveFor(ctx).captions.captionsFor(sermon.id, language, after, { limit: 2, churchId: overlay.churchId, sourceLanguage: sermon.sourceLanguage })));
  return {
    style: overlay.style,
    live: true,
    sermonId: sermon.id,
    captions: captions.flat().map((c) => ({ seq: c.seq, language: c.language, text: c.text })),
  };
}

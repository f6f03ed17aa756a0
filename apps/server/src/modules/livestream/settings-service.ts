import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { MAX_LIVESTREAM_FEEDS, overlayPath, type LivestreamSettings, type NewFeedBody, type OverlayStyle } from '@app/shared';
import type { AppContext } from '../../context';
import { churchLanguages, churchOverlays, livestreamFeeds, sermons } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { sha256 } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { auditChurchChange } from '../churches/audit';
import { assertAddressAllowed } from '../churches/engine-address';
import { loadChurch } from '../churches/settings-service';
import { livestreamOf } from './livestream-service';

function assertMayEdit(actor: Actor, churchId: string): void {
  if (!canReachChurch(actor, 'church:edit', churchId)) throw notFound('Church');
}

/** A caption URL shown again: its host and last four characters (the rest holds the stream's key). */
export function maskUrl(url: string | null): string {
  if (!url) return '••••';
  try {
    return `${new URL(url).host}/••••${url.slice(-4)}`;
  } catch {
    return `••••${url.slice(-4)}`;
  }
}

/** A link nobody guesses: 192 random bits. */
const newToken = () => randomBytes(24).toString('base64url');

/**
 * The overlay's first language is the one a person expects on the stream: the language the church's
 * last sermon was spoken in; before any sermon, its first spoken (go-live) language, English first
 * among languages added together; else the first it listens in. Never the first of a list that
 * happens to start with Arabic because every language was added at once.
 */
async function defaultLanguage(ctx: AppContext, churchId: string): Promise<string> {
  const [last] = await ctx.db.select({ code: sermons.sourceLanguage }).from(sermons)
    .where(eq(sermons.churchId, churchId)).orderBy(desc(sermons.startedAt)).limit(1);
  if (last) return last.code;
  const [first] = await ctx.db.select({ code: churchLanguages.code }).from(churchLanguages)
    .where(eq(churchLanguages.churchId, churchId))
    .orderBy(sql`(${churchLanguages.list} = 'go_live') desc`, asc(churchLanguages.createdAt), sql`(${churchLanguages.code} = 'en') desc`, asc(churchLanguages.code))
    .limit(1);
  return first?.code ?? 'en';
}

async function defaultStyle(ctx: AppContext, churchId: string): Promise<OverlayStyle> {
  return { languages: [await defaultLanguage(ctx, churchId)], font: 'sans', size: 48, color: '#ffffff', background: 'box', position: 'bottom' };
}

/** The church's overlay row, made with a fresh token and the default look the first time it is asked for. */
async function overlayOf(ctx: AppContext, churchId: string) {
  const [row] = await ctx.db.select().from(churchOverlays).where(eq(churchOverlays.churchId, churchId)).limit(1);
  if (row) return row;
  const token = newToken();
  await ctx.db.insert(churchOverlays)
    .values({ churchId, tokenHash: sha256(token), tokenEnc: ctx.secrets.encrypt(token), style: await defaultStyle(ctx, churchId) })
    .onConflictDoNothing();
  const [made] = await ctx.db.select().from(churchOverlays).where(eq(churchOverlays.churchId, churchId)).limit(1);
  return made!;
}

export async function getLivestream(ctx: AppContext, actor: Actor, churchId: string): Promise<LivestreamSettings> {
  assertMayEdit(actor, churchId);
  await loadChurch(ctx, churchId);
  const [feeds, overlay] = await Promise.all([
    ctx.db.select().from(livestreamFeeds).where(eq(livestreamFeeds.churchId, churchId)).orderBy(asc(livestreamFeeds.createdAt)),
    overlayOf(ctx, churchId),
  ]);
  return {
    feeds: feeds.map((f) => ({ id: f.id, kind: f.kind, language: f.language, url: maskUrl(ctx.secrets.decryptOrNull(f.urlEnc)), createdAt: f.createdAt.toISOString() })),
    overlay: { style: overlay.style, url: overlayPath(ctx.secrets.decryptOrNull(overlay.tokenEnc) ?? '') },
  };
}

export async function addFeed(ctx: AppContext, actor: Actor, churchId: string, body: NewFeedBody): Promise<LivestreamSettings> {
  assertMayEdit(actor, churchId);
  await loadChurch(ctx, churchId);
  const existing = await ctx.db.select({ id: livestreamFeeds.id }).from(livestreamFeeds).where(eq(livestreamFeeds.churchId, churchId));
  if (existing.length >= MAX_LIVESTREAM_FEEDS) throw new AppError('livestream_feeds_full', 409, `A church posts captions to at most ${MAX_LIVESTREAM_FEEDS} streams`);
  // YouTube's and Zoom's addresses are public: an internal one is refused (decision 041), and checked again at every post.
  await assertAddressAllowed(ctx, body.url, 'url', false);
  await ctx.db.insert(livestreamFeeds).values({ churchId, kind: body.kind, language: body.language, urlEnc: ctx.secrets.encrypt(body.url) });
  await auditChurchChange(ctx.db, actor, churchId, 'livestream.feed_added', { kind: body.kind, language: body.language });
  livestreamOf(ctx)?.forget(churchId);
  return getLivestream(ctx, actor, churchId);
}

export async function removeFeed(ctx: AppContext, actor: Actor, churchId: string, feedId: string): Promise<LivestreamSettings> {
  assertMayEdit(actor, churchId);
  const gone = await ctx.db.delete(livestreamFeeds).where(and(eq(livestreamFeeds.id, feedId), eq(livestreamFeeds.churchId, churchId))).returning({ kind: livestreamFeeds.kind, language: livestreamFeeds.language });
  if (gone.length === 0) throw notFound('Caption feed');
  await auditChurchChange(ctx.db, actor, churchId, 'livestream.feed_removed', gone[0]!);
  livestreamOf(ctx)?.forget(churchId);
  return getLivestream(ctx, actor, churchId);
}

export async function saveOverlayStyle(ctx: AppContext, actor: Actor, churchId: string, style: OverlayStyle): Promise<LivestreamSettings> {
  assertMayEdit(actor, churchId);
  await loadChurch(ctx, churchId);
  await overlayOf(ctx, churchId);
  await ctx.db.update(churchOverlays).set({ style, updatedAt: new Date() }).where(eq(churchOverlays.churchId, churchId));
  livestreamOf(ctx)?.forget(churchId);
  return getLivestream(ctx, actor, churchId);
}

/** A new link: the old one stops working at once (a leaked link is renewed, decision 037). */
export async function renewOverlayToken(ctx: AppContext, actor: Actor, churchId: string): Promise<LivestreamSettings> {
  assertMayEdit(actor, churchId);
  await loadChurch(ctx, churchId);
  await overlayOf(ctx, churchId);
  const token = newToken();
  await ctx.db.update(churchOverlays).set({ tokenHash: sha256(token), tokenEnc: ctx.secrets.encrypt(token), updatedAt: new Date() }).where(eq(churchOverlays.churchId, churchId));
  await auditChurchChange(ctx.db, actor, churchId, 'livestream.overlay_renewed', {});
  return getLivestream(ctx, actor, churchId);
}

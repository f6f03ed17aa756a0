import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { LOBBY_UPCOMING, type JoinLanguage, type LobbyInfo } from '@app/shared';
import type { AppContext } from '../../context';
import { churches, scheduledSermons, sermons } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import type { Actor } from '../../lib/session';
import { joinLanguageOptions } from '../../live/rooms/join-languages';
import { liveFor } from '../../live/live-service';
import { fileUrl } from '../../providers/storage/image-store';

// A service stays "next" for a while after its start: the speaker may begin a little late.
const LATE_START_MS = 60 * 60_000;
// After a sermon ends its lobby offers the transcript for the rest of the day.
const TRANSCRIPT_OFFER_MS = 12 * 60 * 60_000;

/**
 * What a church's lobby shows anyone, before the per-person rule of a church without guests is
 * applied (`lobbyFor`): read once and kept in memory (live/rooms/public-answers.ts, docs/decisions/034),
 * because every phone in the lobby asks for it when the QR code is scanned and again after a
 * reconnection.
 */
export interface LobbyFacts {
  church: LobbyInfo['church'];
  /** The join-live languages before a sermon (or for whoever may not see the live one). */
  languages: JoinLanguage[];
  /** The live (or paused) sermon, with its languages (the spoken one included). */
  live: (Omit<NonNullable<LobbyInfo['live']>, 'listen'> & { joinLanguages: JoinLanguage[] }) | null;
  upcoming: LobbyInfo['upcoming'];
  /** The last sermon ended within the offer window, when none is live. */
  lastEnded: LobbyInfo['lastEnded'];
}

/** A church's lobby by its join code (any case), from memory when held; null for an unknown code. */
export function lobbyFacts(ctx: AppContext, code: string): Promise<LobbyFacts | null> {
  return liveFor(ctx).publicAnswers.get(`lobby:${code.toLowerCase()}`, async () => {
    const [church] = await ctx.db.select().from(churches).where(sql`lower(${churches.joinCode}) = lower(${code})`).limit(1);
    if (!church) return null;
    const now = Date.now();
    const [current] = await ctx.db.select().from(sermons)
      .where(and(eq(sermons.churchId, church.id), inArray(sermons.status, ['live', 'paused'])))
      .orderBy(desc(sermons.startedAt)).limit(1);
    const { languages } = await joinLanguageOptions(ctx, church.id, null);
    const joinLanguages = current ? (await joinLanguageOptions(ctx, church.id, current.sourceLanguage)).languages : [];
    const upcoming = await ctx.db
      .select({ id: scheduledSermons.id, title: scheduledSermons.title, startsAt: scheduledSermons.startsAt, sourceLanguage: scheduledSermons.sourceLanguage })
      .from(scheduledSermons)
      .leftJoin(sermons, eq(sermons.scheduledSermonId, scheduledSermons.id))
      .where(and(eq(scheduledSermons.churchId, church.id), gte(scheduledSermons.startsAt, new Date(now - LATE_START_MS)), isNull(sermons.id)))
      .orderBy(scheduledSermons.startsAt, scheduledSermons.id)
      .limit(LOBBY_UPCOMING);
    const [ended] = current
      ? []
      : await ctx.db.select({ id: sermons.id, broadcastId: sermons.broadcastId, endedAt: sermons.endedAt }).from(sermons)
        .where(and(eq(sermons.churchId, church.id), eq(sermons.status, 'ended'), gte(sermons.endedAt, new Date(now - TRANSCRIPT_OFFER_MS))))
        .orderBy(desc(sermons.endedAt)).limit(1);

    // The answer changes by itself when a service stops being "next" or the transcript offer ends.
    const expiresAt = Math.min(
      ...upcoming.map((u) => u.startsAt.getTime() + LATE_START_MS),
      ended?.endedAt ? ended.endedAt.getTime() + TRANSCRIPT_OFFER_MS : Number.POSITIVE_INFINITY,
    );
    const value: LobbyFacts = {
      church: {
        id: church.id,
        name: church.name,
        imageUrl: church.imagePath ? fileUrl(church.imagePath) : null,
        timeZone: church.timeZone,
        guestsAllowed: church.guestsMayListen,
        joinCode: church.joinCode,
      },
      languages,
      live: current
        ? {
          sermonId: current.id,
          broadcastId: current.broadcastId,
          startedAt: current.startedAt.toISOString(),
          sourceLanguage: current.sourceLanguage,
          languages: joinLanguages.map((l) => l.code),
          joinLanguages,
        }
        : null,
      upcoming: upcoming.map((u) => ({ ...u, startsAt: u.startsAt.toISOString() })),
      lastEnded: ended?.endedAt ? { sermonId: ended.id, broadcastId: ended.broadcastId, endedAt: ended.endedAt.toISOString() } : null,
    };
    return { value, churchId: church.id, expiresAt };
  });
}

/** Whether this person (or guest) may see and join the church's live sermon (docs/decisions/019). */
export function mayListenIn(actor: Actor | null, church: { id: string; guestsAllowed: boolean }): boolean {
  return church.guestsAllowed || (actor !== null && canReachChurch(actor, 'church:read', church.id));
}

/**
 * GET /lobby/:code's answer for this person: a church that does not allow guests shows its name and
 * photo to anyone (the page asks them to sign in), but its live sermon only to its own people.
 */
export function lobbyFor(facts: LobbyFacts, actor: Actor | null): LobbyInfo {
  const mayListen = mayListenIn(actor, facts.church);
  const live = mayListen ? facts.live : null;
  return {
    church: facts.church,
    languages: live ? live.joinLanguages : facts.languages,
    live: live ? { sermonId: live.sermonId, broadcastId: live.broadcastId, startedAt: live.startedAt, sourceLanguage: live.sourceLanguage, languages: live.languages, listen: null } : null,
    upcoming: facts.upcoming,
    lastEnded: mayListen ? facts.lastEnded : null,
  };
}

import { eq } from 'drizzle-orm';
import { findListeningLanguage } from '@app/shared';
import type { ServerResponse } from 'node:http';
import type { AppContext } from '../../context';
import { sermons } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { loadJoinLanguages } from '../../live/rooms/join-languages';
import { liveFor } from '../../live/live-service';
import { findSermon } from './queries';
import { assertMayListen, churchOf } from './service';

/**
 * Who may hear a live sermon's voice: whoever may listen to it (guests where the church allows),
 * in a language the sermon offers. An ended sermon has no live voice (404).
 */
export async function voiceStreamFor(ctx: AppContext, actor: Actor | null, params: { id: string; lang: string }) {
  const live = liveFor(ctx);
  const room = live.room(params.id);
  const row = room ? null : await findSermon(ctx.db, eq(sermons.id, params.id));
  const churchId = room?.churchId ?? row?.churchId;
  const church = churchId ? await churchOf(ctx, churchId) : null;
  if (!church || (!room && row?.status !== 'live' && row?.status !== 'paused')) throw notFound('Sermon');
  assertMayListen(actor, church);
  const source = room?.sourceLanguage ?? row!.sourceLanguage;
  const offered = room ? room.languages.has(params.lang) || params.lang === source
    : params.lang === source || (await loadJoinLanguages(ctx.db, church.id, source)).some((l) => l.code === params.lang) || Boolean(findListeningLanguage(params.lang));
  if (!offered) throw notFound('Language');
  return {
    attach: (res: ServerResponse, voice: 'male' | 'female', primed: boolean) => live.voiceStreams.attach(params.id, params.lang, voice, res, primed),
  };
}

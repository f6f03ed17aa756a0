import type { ServerResponse } from 'node:http';
import type { Namespace } from 'socket.io';
import { liveEvents, type LiveError } from '@app/shared';
import type { AppContext } from '../context';
import { ConcurrentCaps } from '../lib/concurrent-caps';
import { AppError } from '../lib/errors';
import type { Actor } from '../lib/session';
import type { LiveService, LiveSocketData } from './live-service';
import { rooms } from './room-names';

/**
 * What one client may hold of a live sermon, and guests let go when a church turns them off
 * (decision 037, "Limits per address" and "Guests off means off"). A guest is counted by its
 * address (a family's phones share one: LISTEN_PER_ADDRESS allows a handful), a signed-in person
 * by account. Voice streams are counted per sermon and given back when they close; live
 * connections are counted while open (one connection joins one sermon at a time, so its joins
 * are capped with it).
 */
interface ListenLimits {
  caps: ConcurrentCaps;
  max: number;
  /** Guests' open voice streams per sermon: ended when the church turns guests off. */
  guestVoices: Map<string, Set<ServerResponse>>;
}

/** Seconds a refused client is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;
/** The connect_error a refused live connection gets (`err.data`), which the phone shows. */
export const tooManyConnections: LiveError = { code: 'too_many_connections', message: 'Too many connections from this address: close another and try again' };

const limits = new WeakMap<AppContext, ListenLimits>();

function limitsOf(ctx: AppContext): ListenLimits {
  let l = limits.get(ctx);
  if (!l) {
    l = { caps: new ConcurrentCaps(ctx.redis, ctx.log), max: ctx.config.LISTEN_PER_ADDRESS, guestVoices: new Map() };
    const made = l;
    limits.set(ctx, l);
    ctx.onClose(() => made.caps.close());
  }
  return l;
}

const who = (actor: Actor | null, address: string) => (actor ? `user:${actor.id}` : `address:${address}`);

/**
 * A place for one voice stream of a sermon, or a 429 with Retry-After beyond the cap. Given back
 * when the response closes; a guest's stream is also ended if the church turns guests off.
 */
export async function holdVoiceStream(ctx: AppContext, actor: Actor | null, address: string, sermonId: string): Promise<(res: ServerResponse) => void> {
  const l = limitsOf(ctx);
  const hold = await l.caps.acquire(`voice:${sermonId}:${who(actor, address)}`, l.max);
  if (!hold) {
    throw new AppError('rate_limited', 429, `At most ${l.max} voice streams of a sermon from one address at once`, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  }
  return (res) => {
    let guests: Set<ServerResponse> | undefined;
    if (!actor) {
      guests = l.guestVoices.get(sermonId) ?? new Set();
      l.guestVoices.set(sermonId, guests.add(res));
    }
    res.once('close', () => {
      hold.release();
      guests?.delete(res);
      if (guests?.size === 0) l.guestVoices.delete(sermonId);
    });
  };
}

/** The client's address as the HTTP routes see it (the app trusts the proxy's X-Forwarded-For). */
function socketAddress(headers: Record<string, string | string[] | undefined>, direct: string): string {
  const forwarded = headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || direct;
}

/**
 * Caps live connections per client (after the sign-in check, so a signed-in person is counted by
 * account), and lets this process's guests of a sermon go when its church turns guests off.
 */
export function guardLive(ctx: AppContext, live: LiveService, nsp: Namespace): void {
  const l = limitsOf(ctx);
  nsp.use((socket, next) => {
    const data = socket.data as LiveSocketData;
    const address = socketAddress(socket.handshake.headers, socket.handshake.address);
    l.caps.acquire(`socket:${who(data.actor ?? null, address)}`, l.max).then((hold) => {
      if (!hold) {
        const err = new Error(tooManyConnections.message) as Error & { data: LiveError & { retryAfter: number } };
        err.data = { ...tooManyConnections, retryAfter: RETRY_AFTER_SECONDS };
        return next(err);
      }
      // The hold stays in this closure, never in socket.data: connection-state recovery stores
      // socket.data in Redis (msgpack), and a function there throws when the process stops, which
      // left a stopping process hanging with its clients' sessions unsaved.
      socket.once('disconnect', () => hold.release());
      next();
    }, (err: unknown) => next(err as Error));
  });

  live.guestsRemoved = async (sermonId) => {
    const refused: LiveError = { code: 'guests_not_allowed', message: 'This church no longer lets guests listen: please sign in to go on listening' };
    for (const socket of await nsp.local.in(rooms.all(sermonId)).fetchSockets()) {
      if ((socket.data as LiveSocketData).actor) continue;
      socket.emit(liveEvents.error, refused);
      socket.disconnect(true);
    }
    for (const res of l.guestVoices.get(sermonId) ?? []) res.end();
  };
}

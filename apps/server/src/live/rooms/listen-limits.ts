import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Namespace, Socket } from 'socket.io';
import { liveEvents, type LiveError } from '@app/shared';
import type { AppContext } from '../../context';
import { ConcurrentCaps, type Cap, type Hold } from '../../lib/concurrent-caps';
import { clientAddress } from '../../lib/client-address';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import type { LiveService, LiveSocketData } from '../live-service';
import { listenerDevicesOf } from './listener-device';
import { rooms } from './room-names';

/**
 * What one listener may hold of a live sermon, and guests let go when a church turns them off
 * (decision 048, and decision 037's "Guests off means off"). A guest's phone is counted by its
 * device (LISTEN_PER_DEVICE), and every guest of one address together under a generous ceiling
 * (LISTEN_PER_ADDRESS: a congregation shares its church's Wi-Fi address); a signed-in person by
 * account (LISTEN_PER_ACCOUNT). Voice streams are counted per sermon and given back when they
 * close; live connections are counted while open (one connection joins one sermon at a time, so
 * its joins are capped with it).
 */
interface ListenLimits {
  caps: ConcurrentCaps;
  /** Guests' open voice streams per sermon: ended when the church turns guests off. */
  guestVoices: Map<string, Set<ServerResponse>>;
}

/** Who asks: a signed-in person, or a guest by address and, when its cookie holds, device. */
export interface Listener {
  actor: Actor | null;
  address: string;
  device: string | null;
}

/** Seconds a refused client is told to wait: a dead process's places are gone by then (decision 048). */
export const RETRY_AFTER_SECONDS = 10;
/** The connect_error a refused live connection gets (`err.data`), which the phone shows while it tries again. */
export const tooManyConnections: LiveError = { code: 'too_many_connections', message: 'Too many connections from this phone or network: close another; trying again' };

const limits = new WeakMap<AppContext, ListenLimits>();

function limitsOf(ctx: AppContext): ListenLimits {
  let l = limits.get(ctx);
  if (!l) {
    l = { caps: new ConcurrentCaps(ctx.redis, ctx.log), guestVoices: new Map() };
    const made = l;
    limits.set(ctx, l);
    ctx.onClose(() => made.caps.close());
  }
  return l;
}

/** The caps a listener's place counts against, under `scope` (a sermon's voice, or live connections). */
function capsOf(ctx: AppContext, who: Listener, scope: string): Cap[] {
  const c = ctx.config;
  if (who.actor) return [{ key: `${scope}:user:${who.actor.id}`, max: c.LISTEN_PER_ACCOUNT }];
  const address = { key: `${scope}:address:${who.address}`, max: c.LISTEN_PER_ADDRESS };
  return who.device ? [{ key: `${scope}:device:${who.device}`, max: c.LISTEN_PER_DEVICE }, address] : [address];
}

/** What the refused client is told: the cap it met. */
function refusal(ctx: AppContext, who: Listener): string {
  const c = ctx.config;
  if (who.actor) return `At most ${c.LISTEN_PER_ACCOUNT} voice streams of a sermon per account at once`;
  return who.device
    ? `At most ${c.LISTEN_PER_DEVICE} voice streams of a sermon per device, and ${c.LISTEN_PER_ADDRESS} per network address, at once`
    : `At most ${c.LISTEN_PER_ADDRESS} voice streams of a sermon from one network address at once`;
}

/** The listener an HTTP request comes from (the voice route). */
export function listenerOf(ctx: AppContext, actor: Actor | null, address: string, cookieHeader: string | undefined): Listener {
  return { actor, address, device: actor ? null : listenerDevicesOf(ctx).fromCookies(cookieHeader) };
}

/**
 * A place for one voice stream of a sermon, or a 429 with Retry-After beyond the cap. Given back
 * when the response closes; a guest's stream is also ended if the church turns guests off.
 */
export async function holdVoiceStream(ctx: AppContext, who: Listener, sermonId: string): Promise<{ attach: (res: ServerResponse) => void; release: () => void }> {
  const l = limitsOf(ctx);
  const hold = await l.caps.acquire(capsOf(ctx, who, `voice:${sermonId}`));
  if (!hold) throw new AppError('rate_limited', 429, refusal(ctx, who), undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  return {
    attach: (res) => {
      let guests: Set<ServerResponse> | undefined;
      if (!who.actor) {
        guests = l.guestVoices.get(sermonId) ?? new Set();
        l.guestVoices.set(sermonId, guests.add(res));
      }
      res.once('close', () => {
        hold.release();
        guests?.delete(res);
        if (guests?.size === 0) l.guestVoices.delete(sermonId);
      });
    },
    // A place taken for a stream that is then not opened (no such sermon, not allowed).
    release: () => hold.release(),
  };
}

/**
 * For engine.io's `allowRequest`: a phone opening its first live connection without a device is
 * given one (decision 048), before any voice stream, which then carries it as a cookie.
 */
export function admitListenerDevice(ctx: AppContext, req: IncomingMessage): Promise<void> {
  return listenerDevicesOf(ctx).admit(req, clientAddress(ctx.config, req));
}

/**
 * Caps live connections per listener (after the sign-in check, so a signed-in person is counted by
 * account), and lets this process's guests of a sermon go when its church turns guests off.
 */
export function guardLive(ctx: AppContext, live: LiveService, nsp: Namespace): void {
  const l = limitsOf(ctx);
  const devices = listenerDevicesOf(ctx);
  // The device given at the handshake reaches the phone with the handshake's answer.
  nsp.server.engine.on('initial_headers', (headers: Record<string, string>, req: IncomingMessage) => {
    const cookie = devices.setCookieOf(req);
    if (cookie) headers['set-cookie'] = cookie;
  });

  const take = (socket: Socket, force: boolean): Promise<Hold | null> => {
    const data = socket.data as LiveSocketData;
    const who: Listener = {
      actor: data.actor ?? null,
      // The same address as the HTTP routes' (TRUST_PROXY, decision 051).
      address: clientAddress(ctx.config, socket.request),
      device: data.actor ? null : devices.ofHandshake(socket.request),
    };
    // The page names its connection (`auth.connection`, one per page and kept through its
    // reconnections): coming back under it takes over its own earlier place, which a process that
    // died, or a connection not yet seen to be gone, still holds; the earlier one, if alive, is closed.
    const named = typeof socket.handshake.auth?.connection === 'string' ? socket.handshake.auth.connection.slice(0, 64) : '';
    const slot = named && (who.actor || who.device) ? `${who.actor ? `user:${who.actor.id}` : `device:${who.device}`}:${named}` : undefined;
    return l.caps.acquire(capsOf(ctx, who, 'socket'), { slot, force, onLost: () => socket.disconnect(true) });
  };

  nsp.use((socket, next) => {
    take(socket, false).then((hold) => {
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
  // A connection Socket.IO recovers skips the middlewares: it was admitted before, and holds its place again.
  nsp.on('connection', (socket) => {
    if (!socket.recovered) return;
    take(socket, true).then((hold) => {
      if (socket.connected) socket.once('disconnect', () => hold?.release());
      else hold?.release();
    }, (err: unknown) => ctx.log.warn({ err }, 'could not count a recovered live connection'));
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

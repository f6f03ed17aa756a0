// Room chat/: the /chat namespace of church messages (gateway, and the hub the messages module
// reaches people through). Imports context and lib/ only; nothing else in live/ (decision 021).
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { CHAT_NAMESPACE } from '@app/shared';
import type { AppContext } from '../../context';
import { actorFromToken, SESSION_COOKIE, type Actor } from '../../lib/session';
import { setChatHub, userRoom } from './chat-hub';

/**
 * Church messages on the live gateway's Socket.IO server (decision record 021): namespace /chat,
 * signed in from the `sid` cookie in the handshake like /live, each socket in its person's room
 * `user:<id>`. Events only go out from the server (writes are HTTP), so the Redis streams adapter
 * carries them to the person's devices on every process, and connection-state recovery replays
 * what a phone missed during a short drop. Call after registerLive (it creates `app.io`).
 */
export function registerChat(app: FastifyInstance, ctx: AppContext): void {
  const nsp = app.io.of(CHAT_NAMESPACE);
  setChatHub(ctx, {
    toUsers: (userIds, event, payload) => {
      if (userIds.length > 0) nsp.to(userIds.map(userRoom)).emit(event, payload);
    },
  });

  nsp.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const actor = await actorFromToken(ctx.db, cookies[SESSION_COOKIE]);
      if (!actor) return next(new Error('Please sign in'));
      (socket as Socket).data.actor = actor;
      next();
    } catch (err) {
      ctx.log.error({ err }, 'chat handshake failed');
      next(new Error('Could not check your sign-in'));
    }
  });

  nsp.on('connection', (socket) => {
    const actor = socket.data.actor as Actor;
    // A recovered session keeps its rooms; joining again is harmless.
    void socket.join(userRoom(actor.id));
  });
}

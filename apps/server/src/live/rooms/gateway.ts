// Room rooms/: the sermon rooms and the sockets' flows into them (gateway; speaker, listener and lobby
// flows; the registry, audience, names and types; listen limits, join languages, public answers, turns).
// The live side's hub: imports db/, lib/, context, providers/ and, in live/, captions/, cluster/,
// recognition/ and the top files; never minutes/, voice/ or chat/.
import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  LISTENER_RECOVERY_MS,
  LIVE_NAMESPACE,
  LIVE_PAYLOAD_LIMIT_BYTES,
  listenerCatchUpPayload,
  listenerJoinPayload,
  listenerPrefsPayload,
  liveEvents,
  lobbyEvents,
  lobbyJoinPayload,
  pausePayload,
  segmentPayload,
  speakerJoinPayload,
  audioFramePayload,
  audioStartPayload,
  standInPayload,
  recognitionEvents,
  type LiveError,
} from '@app/shared';
import type { AppContext } from '../../context';
import { isSameOrigin } from '../../lib/origin';
import { actorFromToken, SESSION_COOKIE } from '../../lib/session';
import type { ClusterMessage } from '../cluster/cluster';
import { admitListenerDevice } from './listen-limits';
import { LiveFailure, liveFor, type LiveService, type LiveSocketData } from '../live-service';
import { joinLobby, leaveLobby } from './lobby-flow';
import { coalesceOpeningWrites } from '../cluster/opening-writes';
import { Turns } from './turns';

/**
 * Biggest message the transport accepts; a bigger one closes that connection (engine.io's rule).
 * Below it, anything over PAYLOAD_LIMIT_BYTES is answered with a `too_large` error instead.
 */
export const TRANSPORT_LIMIT_BYTES = 64 * 1024;
const PAYLOAD_LIMIT_BYTES = LIVE_PAYLOAD_LIMIT_BYTES;

// Socket.IO keeps the session (rooms, data, missed packets) only for these disconnect reasons.
const RECOVERABLE = new Set(['transport error', 'transport close', 'forced close', 'ping timeout']);
const CLUSTER_EVENT = 'live:cluster';
/** About 5–10 ms of work on a small server: what a speaker's line may wait for during a lobby's joins. */
const JOINS_PER_TURN = 32;

type LiveServerSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, LiveSocketData>;
type Ack = (response: unknown) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server of the live pipeline (namespace /live). */
    io: Server;
  }
}

/**
 * Attaches Socket.IO to the app's HTTP server: namespace `/live`, authenticated from the `sid`
 * cookie in the handshake, every payload parsed with the shared zod schemas (STYLE.md). The caller
 * starts the live side (resumes sermons) once every module that feeds it is registered.
 */
export async function registerLive(app: FastifyInstance, ctx: AppContext): Promise<LiveService> {
  const live = liveFor(ctx);
  // With Redis, every process's rooms are one set of rooms, and connection-state recovery works
  // across processes (the streams adapter keeps the sessions). The adapter blocks on reads: it
  // gets a connection of its own.
  const adapterClient = ctx.redis ? ctx.redis.duplicate() : null;
  if (adapterClient) {
    adapterClient.on('error', (err) => ctx.log.warn({ err }, 'redis adapter connection error'));
    await adapterClient.connect();
  }
  const io = new Server(app.server, {
    ...(adapterClient ? { adapter: createAdapter(adapterClient) } : {}),
    serveClient: false,
    maxHttpBufferSize: TRANSPORT_LIMIT_BYTES,
    connectionStateRecovery: { maxDisconnectionDuration: LISTENER_RECOVERY_MS, skipMiddlewares: true },
    // A page of another site must not open a socket with this site's cookie.
    // A guest's phone is given its device on its first connection (decision 048).
    allowRequest: (req, done) => {
      if (!isSameOrigin(req.headers, ctx.config.PUBLIC_URL)) return done(null, false);
      admitListenerDevice(ctx, req).then(() => done(null, true), (err: unknown) => {
        ctx.log.warn({ err }, 'could not give a listener device');
        done(null, true);
      });
    },
  });
  app.decorate('io', io);
  coalesceOpeningWrites(io);
  const nsp = io.of(LIVE_NAMESPACE);
  // Listeners' joins are taken a few at a time, so the speaker's lines go between them (decision 034).
  const joinTurns = new Turns(JOINS_PER_TURN);

  live.emitter = {
    emit: (room, event, payload, opts) => {
      const base = opts?.local ? nsp.local.to(room) : nsp.to(room);
      const to = opts?.except ? base.except(opts.except) : base;
      if (opts?.volatile) to.volatile.emit(event, payload);
      else to.emit(event, payload);
    },
    leaveAll: (room, names) => nsp.in(room).socketsLeave(names),
  };
  if (ctx.redis) {
    live.cluster.send = (message) => nsp.serverSideEmit(CLUSTER_EVENT, message);
    nsp.on(CLUSTER_EVENT, (message: ClusterMessage) => {
      live.onClusterMessage(message).catch((err: unknown) => ctx.log.error({ err }, 'live cluster message failed'));
    });
  }

  nsp.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      // Guests connect too; what they may do is decided per event.
      (socket as LiveServerSocket).data.actor = await actorFromToken(ctx.db, cookies[SESSION_COOKIE]);
      next();
    } catch (err) {
      ctx.log.error({ err }, 'live handshake failed');
      next(new Error('Could not check your sign-in'));
    }
  });

  nsp.on('connection', (raw) => {
    const socket = raw as LiveServerSocket;
    socket.data.actor ??= null;
    if (socket.recovered) {
      // Maybe recovered on another process than before: the sermon is opened here if needed.
      Promise.all([live.listenerRecovered(socket), live.speakerRecovered(socket)])
        .catch((err: unknown) => ctx.log.error({ err }, 'live recovery failed'));
    }

    handle(socket, liveEvents.speakerJoin, speakerJoinPayload, (p) => live.speakerJoin(socket, p.sermonId));
    handle(socket, liveEvents.segment, segmentPayload, async (p) => {
      // A line from the page while no server engine listens: that time's audio is the page's; as an
      // engine takes back, the words both heard go once (decision 043).
      // Its time, from the audio where the page's recogniser stood in (decision 059).
      const startedAt = live.recognition.pageLineStart(socket, p.sermonId, p.startedAt);
      const text = live.recognition.pageSpoke(socket, p.sermonId, p.text, p.final);
      return typeof text === 'string' ? live.segment(socket, { ...p, text, ...(startedAt ? { startedAt } : {}) }) : text;
    });
    handle(socket, liveEvents.pause, pausePayload, (p) => live.setPaused(socket, p.sermonId, p.paused));
    // The speaker's microphone for the church's recognition engine on the server (decision 038).
    handle(socket, recognitionEvents.audioStart, audioStartPayload, (p) => live.recognition.start(socket, p.sermonId, p.shown));
    handle(socket, recognitionEvents.audio, audioFramePayload, async (p) => {
      live.recognition.audio(socket, p);
      return {};
    });
    handle(socket, recognitionEvents.audioStop, audioStartPayload, (p) => live.recognition.stop(socket, p.sermonId));
    handle(socket, recognitionEvents.standIn, standInPayload, async (p) => live.recognition.standIn(socket, p.sermonId, p.from));
    handle(socket, liveEvents.listenerJoin, listenerJoinPayload, (p) => live.listenerJoin(socket, p), joinTurns);
    handle(socket, liveEvents.listenerPrefs, listenerPrefsPayload, (p) => live.listenerPrefs(socket, p));
    handle(socket, liveEvents.listenerCatchUp, listenerCatchUpPayload, (p) => live.listenerCatchUp(socket, p.afterSeq));
    handle(socket, lobbyEvents.join, lobbyJoinPayload, (p) => joinLobby(ctx, socket, p));
    handle(socket, lobbyEvents.leave, z.unknown(), async () => {
      leaveLobby(socket);
      return {};
    });
    handle(socket, liveEvents.listenerLeave, z.unknown(), async () => {
      live.listenerLeft(socket, true);
      return {};
    });

    socket.on('disconnect', (reason) => {
      try {
        if (reason === 'server shutting down') return;
        if (socket.data.speakerOf) live.speakerLeft(socket, socket.data.speakerOf);
        if (RECOVERABLE.has(reason)) live.listenerAway(socket);
        else live.listenerLeft(socket, false);
      } catch (err) {
        ctx.log.error({ err }, 'live disconnect handling failed');
      }
    });
  });

  // A planned stop (SIGTERM): the HTTP server stops taking connections (Fastify's close), and every
  // connection is closed at the transport, never with a Socket.IO disconnect packet: clients see
  // "transport close" and reconnect (to another process, or this one restarted) with their session,
  // whereas server-side disconnect(true) reads as "io server disconnect", which clients never retry.
  // Sermons stay live.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  ctx.onClose(async () => {
    await live.close();
    // io.close() would also end the adapter; the engine's sockets are already closed above.
    await io.close().catch(() => undefined);
    await adapterClient?.quit().catch(() => undefined);
  });

  return live;

  /**
   * Parses, runs, answers: `{ ok: true, ... }` or `{ ok: false, error }` by ack, else a `live:error` event.
   * With `turns`, the event waits for its turn first (a lobby's joins, decision 034); a connection
   * gone meanwhile is not answered.
   */
  function handle<S extends z.ZodType>(
    socket: LiveServerSocket,
    event: string,
    schema: S,
    run: (payload: z.output<S>) => Promise<object>,
    turns?: Turns,
  ) {
    socket.on(event, async (...args: unknown[]) => {
      if (turns) {
        await turns.next();
        if (!socket.connected) return;
      }
      const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as Ack) : null;
      const reply = (result: { ok: true } & object | { ok: false; error: LiveError }) => {
        if (ack) ack(result);
        else if (!result.ok) socket.emit(liveEvents.error, result.error);
      };
      try {
        const raw = args[0];
        if (sizeOf(raw) > PAYLOAD_LIMIT_BYTES) {
          return reply({ ok: false, error: { code: 'too_large', message: `Messages may be at most ${PAYLOAD_LIMIT_BYTES / 1024} KB` } });
        }
        const parsed = schema.safeParse(raw);
        if (!parsed.success) return reply({ ok: false, error: invalid(parsed.error) });
        reply({ ok: true, ...(await run(parsed.data)) });
      } catch (err) {
        if (err instanceof LiveFailure) return reply({ ok: false, error: { code: err.code, message: err.message } });
        ctx.log.error({ err, event }, 'live event failed');
        reply({ ok: false, error: { code: 'internal', message: 'Something went wrong' } });
      }
    });
  }
}

function invalid(error: z.ZodError): LiveError {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  if (issue?.code === 'too_big') return { code: 'too_large', message: `${where}${issue.message}` };
  return { code: 'invalid_payload', message: `${where}${issue?.message ?? 'Invalid message'}` };
}

/** Approximate size of a decoded payload (JSON length; binary, also inside an object, counts its bytes). */
function sizeOf(value: unknown): number {
  if (value === undefined) return 0;
  if (Buffer.isBuffer(value) || value instanceof ArrayBuffer) return value.byteLength;
  try {
    let binary = 0;
    // `this[key]` is the value before Buffer's toJSON turned it into an array of numbers.
    const json = JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
      const raw = this[key];
      if (!ArrayBuffer.isView(raw) && !(raw instanceof ArrayBuffer)) return v;
      binary += raw.byteLength;
      return 0;
    });
    return Buffer.byteLength(json ?? '') + binary;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

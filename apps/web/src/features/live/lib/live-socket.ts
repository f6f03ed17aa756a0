import { io, type Socket } from 'socket.io-client';
import {
  LIVE_NAMESPACE,
  LIVE_RECONNECTION,
  liveEvents,
  lobbyEvents,
  type Caption,
  type LobbyEndedPayload,
  type LobbyJoinPayload,
  type LobbyLivePayload,
  type ListenerJoinAck,
  type ListenerJoinPayload,
  type ListenerPrefsAck,
  type LiveAck,
  type LiveError,
  type SegmentAck,
  type SegmentPayload,
  type SermonEnded,
  type SermonState,
  type SermonWarning,
  type SpeakerJoinAck,
  type VoiceGender,
  type VoicePiece,
  type VoiceStatus,
  livestreamWarningEvent,
  type LivestreamWarning,
  recognitionEvents,
  type EngineSlot,
  type RecognitionStateEvent,
  type ServerRecognitionKind,
} from '@app/shared';
import { newClientId } from '../../../lib/outbox';

/** Events the server sends on `/live` (names in packages/shared/src/live-events.ts, payloads in live.ts and the live-*.ts files it re-exports). */
export interface LiveServerEvents {
  [liveEvents.caption]: (caption: Caption) => void;
  [liveEvents.state]: (state: SermonState) => void;
  [liveEvents.ended]: (ended: SermonEnded) => void;
  [liveEvents.warning]: (warning: SermonWarning) => void;
  [liveEvents.error]: (error: LiveError) => void;
  /** One of the church's livestream caption feeds fails, or works again (decision 037). */
  [livestreamWarningEvent]: (warning: LivestreamWarning) => void;
  [lobbyEvents.live]: (live: LobbyLivePayload) => void;
  [lobbyEvents.ended]: (ended: LobbyEndedPayload) => void;
  [liveEvents.voicePiece]: (piece: VoicePiece) => void;
  [liveEvents.voiceStatus]: (status: VoiceStatus) => void;
  [recognitionEvents.state]: (state: RecognitionStateEvent) => void;
}

type Ack<T = object> = (ack: LiveAck<T>) => void;

/** Events the browser sends, each acknowledged. */
export interface LiveClientEvents {
  [liveEvents.speakerJoin]: (payload: { sermonId: string }, ack: Ack<SpeakerJoinAck>) => void;
  [liveEvents.segment]: (payload: SegmentPayload, ack: Ack<SegmentAck>) => void;
  [liveEvents.pause]: (payload: { sermonId: string; paused: boolean }, ack: Ack) => void;
  [liveEvents.listenerJoin]: (payload: ListenerJoinPayload, ack: Ack<ListenerJoinAck>) => void;
  [liveEvents.listenerPrefs]: (
    payload: { language: string; voice: VoiceGender | 'none' | 'device' },
    ack: Ack<ListenerPrefsAck>,
  ) => void;
  [liveEvents.listenerCatchUp]: (payload: { afterSeq: number }, ack: Ack<ListenerPrefsAck>) => void;
  [liveEvents.listenerLeave]: (payload: Record<string, never>, ack: Ack) => void;
  [lobbyEvents.join]: (payload: LobbyJoinPayload, ack: Ack<{ churchId: string }>) => void;
  // `state: failed`: no engine listens yet (the server retries; the browser stands in, decision 043).
  [recognitionEvents.audioStart]: (payload: { sermonId: string; shown?: { seq: number; text: string } }, ack: Ack<{ engine: ServerRecognitionKind; slot: EngineSlot; state?: 'listening' | 'failed' }>) => void;
  [recognitionEvents.audioStop]: (payload: { sermonId: string }, ack: Ack) => void;
  /** The browser's recogniser stands in and hears from `from` (server clock, decision 059). */
  [recognitionEvents.standIn]: (payload: { sermonId: string; from: number }, ack: Ack) => void;
  /** 100 ms of 16 kHz PCM16; not acknowledged (a refusal comes as `live:error`). */
  [recognitionEvents.audio]: (payload: { sermonId: string; seq: number; audio: ArrayBuffer; at?: number }) => void;
}

export type LiveSocket = Socket<LiveServerEvents, LiveClientEvents>;
/** Every client event but the audio frames takes an acknowledgement. */
type AckedEvent = Exclude<keyof LiveClientEvents, typeof recognitionEvents.audio>;

/**
 * A socket on `/live`, same origin, signed in by the session cookie (guests have none). WebSocket
 * first: it needs no sticky sessions behind a load balancer; long-polling remains the fallback for
 * networks that block WebSockets. Not connected until `connect()`. Close it with `closeLiveSocket`.
 */
export function createLiveSocket(): LiveSocket {
  const socket: LiveSocket = io(LIVE_NAMESPACE, {
    // A connection of its own: signed-in screens also hold the /chat socket, and sharing one
    // manager with it let a second connect on /live, or a transport dropped here on purpose,
    // cut the other namespace off (the member's join failed).
    forceNew: true,
    autoConnect: false,
    withCredentials: true,
    transports: ['websocket', 'polling'],
    // This page's connection, by a name kept through its reconnections: coming back (after a
    // server process died, or on another network) it takes its own earlier place over instead of
    // being counted twice against the phone's limit (decision 048).
    auth: { connection: newClientId() },
    ...LIVE_RECONNECTION,
  });
  reconnectAfterServerDisconnect(socket);
  followBrowserNetwork(socket);
  return socket;
}

const retryTimers = new WeakMap<LiveSocket, ReturnType<typeof setTimeout>>();
const networkListeners = new WeakMap<LiveSocket, () => void>();

/**
 * The browser knows at once when the network goes; socket.io only notices at its next missed
 * heartbeat (up to 45 s). Offline: drop the transport now, so the screens say so and the speaker's
 * lines queue. Online again: connect at once instead of waiting out socket.io's backoff.
 */
function followBrowserNetwork(socket: LiveSocket) {
  if (typeof window === 'undefined') return;
  const handleOffline = () => socket.io.engine?.close();
  const handleOnline = () => {
    if (socket.connected) return;
    socket.disconnect();
    socket.connect();
  };
  window.addEventListener('offline', handleOffline);
  window.addEventListener('online', handleOnline);
  networkListeners.set(socket, () => {
    window.removeEventListener('offline', handleOffline);
    window.removeEventListener('online', handleOnline);
  });
}

/**
 * socket.io never retries after "io server disconnect" (a server that shut down gracefully, or one
 * that dropped us on purpose), so a planned restart would leave the screen reconnecting for good.
 * Try again with a growing delay (1, 2, 4, then every 8 s), reset once connected.
 */
function reconnectAfterServerDisconnect(socket: LiveSocket) {
  let attempt = 0;
  socket.io.on('open', () => {
    attempt = 0;
  });
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    const delay = Math.min(8000, 1000 * 2 ** attempt++) * (0.8 + Math.random() * 0.4);
    clearTimeout(retryTimers.get(socket));
    retryTimers.set(
      socket,
      setTimeout(() => {
        if (!socket.connected) socket.connect();
      }, delay),
    );
  });
}

/** Ends a socket for good: no pending retry, no listeners left to update an unmounted screen. */
export function closeLiveSocket(socket: LiveSocket) {
  clearTimeout(retryTimers.get(socket));
  retryTimers.delete(socket);
  networkListeners.get(socket)?.();
  networkListeners.delete(socket);
  socket.removeAllListeners();
  socket.io.removeAllListeners();
  socket.disconnect();
}

/** Emits with an acknowledgement, as a promise; a missing answer after `timeoutMs` is an error. */
export function emitWithAck<E extends AckedEvent>(
  socket: LiveSocket,
  event: E,
  payload: Parameters<LiveClientEvents[E]>[0],
  timeoutMs = 10_000,
): Promise<Parameters<Parameters<LiveClientEvents[E]>[1]>[0]> {
  type Answer = Parameters<Parameters<LiveClientEvents[E]>[1]>[0];
  return new Promise((resolve) => {
    // socket.io's typed emit cannot see through the generic event name; the map above keeps it honest.
    const untyped = socket.timeout(timeoutMs) as unknown as {
      emit: (event: string, payload: unknown, cb: (err: Error | null, answer: Answer) => void) => void;
    };
    untyped.emit(event, payload, (err, answer) => {
      if (err) resolve({ ok: false, error: { code: 'internal', message: 'No answer from the server' } } as Answer);
      else resolve(answer);
    });
  });
}

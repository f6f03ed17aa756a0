import { useCallback, useEffect, useRef, useState } from 'react';
import { LISTENER_RECOVERY_MS, liveEvents, type Caption, type SermonEnded, type SermonState, type VoiceGender, type VoicePiece, type VoiceStatus } from '@app/shared';
import { closeLiveSocket, createLiveSocket, emitWithAck, type LiveSocket } from '../lib/live-socket';
import { useBrowserOnline } from '../lib/use-browser-online';
import { lastFinalSeq, mergeCaptions, mergeInProgress, withoutFinalised } from './captions';

/**
 * Spec section 4: ready, connected, disconnected (shown as "Reconnecting…"), connection lost, plus
 * the moment of connecting and `offline`: the browser has no network (decision 008: shown within 2 s).
 */
export type ListenerConnection = 'ready' | 'connecting' | 'connected' | 'disconnected' | 'lost' | 'offline';
export type VoicePreference = VoiceGender | 'none' | 'device';
export type ListenerProblem = 'guestsNotAllowed' | 'guestsTurnedOff' | 'tooManyConnections' | 'notFound' | 'joinFailed' | 'prefsFailed';

interface Prefs {
  language: string;
  voice: VoicePreference;
}

/**
 * A listener's live captions over `/live`. Reconnection never loses a caption: socket.io's
 * connection-state recovery replays what was missed within two minutes; after a longer gap the
 * re-join sends the last seq shown and the server replays everything after it.
 */
export function useLiveCaptions({
  broadcastId,
  onNewCaption,
  onVoicePiece,
  onVoiceStatus,
  projector = false,
  socket: shared,
}: {
  broadcastId: string;
  onNewCaption: (caption: Caption) => void;
  /** Settled text for the phone's own voice, and how the server's voice keeps up (decision 039). */
  onVoicePiece?: (piece: VoicePiece) => void;
  onVoiceStatus?: (status: VoiceStatus) => void;
  projector?: boolean;
  /**
   * A socket already open on `/live` (the lobby's, decision 034) to listen on instead of opening one:
   * a whole lobby turning live at once then costs the server no new connections. Its owner closes it.
   */
  socket?: LiveSocket | null;
}) {
  const [connection, setConnection] = useState<ListenerConnection>('ready');
  const [captions, setCaptions] = useState<Caption[]>([]);
  /** The line being said (interim text, or its partial translation): shown as in progress. */
  const [inProgress, setInProgress] = useState<Caption[]>([]);
  const [state, setState] = useState<SermonState | null>(null);
  const [ended, setEnded] = useState<SermonEnded | null>(null);
  const [problem, setProblem] = useState<ListenerProblem | null>(null);

  const socketRef = useRef<LiveSocket | null>(null);
  const sharedRef = useRef(shared ?? null);
  useEffect(() => {
    // A socket handed over later is used from the next join on (never the one listened on now).
    if (!socketRef.current) sharedRef.current = shared ?? null;
  }, [shared]);
  /** Takes this hook's handlers off the socket it listens on. */
  const detachRef = useRef<(() => void) | null>(null);
  const prefsRef = useRef<Prefs>({ language: 'en', voice: 'none' });
  const lastSeqRef = useRef(0);
  /** This phone's listening session: a join after a lost connection continues it (decision 044). */
  const sessionIdRef = useRef<string | null>(null);
  const joinedRef = useRef(false);
  const endedRef = useRef(false);
  const lostTimerRef = useRef<number | null>(null);
  /** A refused connection's next try, and how many were refused in a row (decision 048). */
  const refusedRef = useRef<{ timer: number | null; count: number }>({ timer: null, count: 0 });
  const onNewCaptionRef = useRef(onNewCaption);
  const voiceRef = useRef({ onVoicePiece, onVoiceStatus });
  useEffect(() => {
    onNewCaptionRef.current = onNewCaption;
    voiceRef.current = { onVoicePiece, onVoiceStatus };
  }, [onNewCaption, onVoicePiece, onVoiceStatus]);

  const clearLostTimer = () => {
    if (lostTimerRef.current !== null) window.clearTimeout(lostTimerRef.current);
    lostTimerRef.current = null;
  };

  const close = useCallback(() => {
    clearLostTimer();
    if (refusedRef.current.timer !== null) window.clearTimeout(refusedRef.current.timer);
    refusedRef.current = { timer: null, count: 0 };
    joinedRef.current = false;
    const socket = socketRef.current;
    socketRef.current = null;
    detachRef.current?.();
    detachRef.current = null;
    // A shared socket stays open for its owner: only this hook's handlers leave it.
    if (socket && socket !== sharedRef.current) closeLiveSocket(socket);
  }, []);

  const markEnded = useCallback(
    (info: SermonEnded) => {
      endedRef.current = true;
      setEnded(info);
      setInProgress([]);
      close();
    },
    [close],
  );

  const join = useCallback(
    (language: string, voice: VoicePreference) => {
      prefsRef.current = { language, voice };
      if (socketRef.current || endedRef.current) return;
      setProblem(null);
      setConnection('connecting');
      const socket = sharedRef.current ?? createLiveSocket();
      socketRef.current = socket;
      // Registered through `on`, so that a shared socket can be given back without them.
      type Untyped = { on(event: string, handler: unknown): void; off(event: string, handler: unknown): void };
      const handlers: Array<[string, unknown]> = [];
      const on = ((event: string, handler: unknown) => {
        handlers.push([event, handler]);
        (socket as unknown as Untyped).on(event, handler);
      }) as unknown as LiveSocket['on'];
      detachRef.current = () => {
        for (const [event, handler] of handlers) (socket as unknown as Untyped).off(event, handler);
      };

      const sendJoin = async () => {
        const prefs = prefsRef.current;
        const ack = await emitWithAck(socket, liveEvents.listenerJoin, {
          broadcastId,
          language: prefs.language,
          voice: prefs.voice,
          lastSeq: lastSeqRef.current,
          ...(projector ? { projector } : {}),
          ...(sessionIdRef.current ? { sessionId: sessionIdRef.current } : {}),
        });
        if (socket !== socketRef.current) return;
        if (!ack.ok) {
          if (ack.error.code === 'not_live') {
            markEnded({ sermonId: '', reason: 'stopped', message: ack.error.message });
            return;
          }
          setProblem(
            ack.error.code === 'guests_not_allowed' ? 'guestsNotAllowed' : ack.error.code === 'not_found' ? 'notFound' : 'joinFailed',
          );
          close();
          setConnection('ready');
          return;
        }
        joinedRef.current = true;
        sessionIdRef.current = ack.sessionId ?? sessionIdRef.current;
        clearLostTimer();
        setState(ack.state);
        setCaptions((list) => {
          const next = mergeCaptions(
            list.filter((c) => c.language === prefs.language),
            ack.captions,
            prefs.language,
          );
          lastSeqRef.current = Math.max(lastSeqRef.current, lastFinalSeq(next));
          return next;
        });
        setInProgress((list) => {
          const kept = withoutFinalised(list.filter((c) => c.language === prefs.language), lastSeqRef.current);
          return ack.partial ? mergeInProgress(kept, ack.partial, prefs.language, lastSeqRef.current) : kept;
        });
        setConnection('connected');
        if (ack.state.status === 'ended') markEnded({ sermonId: ack.sermonId, reason: 'stopped', message: '' });
      };

      /**
       * Fills a hole in the seqs: across server processes a caption can slip past a connection that
       * is moving (Socket.IO's replay and the rooms are not one atomic step), so the phone asks.
       */
      const catchUp = async (afterSeq: number) => {
        const language = prefsRef.current.language;
        const ack = await emitWithAck(socket, liveEvents.listenerCatchUp, { afterSeq });
        if (socket !== socketRef.current || !ack.ok || prefsRef.current.language !== language) return;
        const fresh = ack.captions.filter((c) => c.seq > lastSeqRef.current);
        setCaptions((list) => mergeCaptions(list, ack.captions, language));
        lastSeqRef.current = Math.max(lastSeqRef.current, lastFinalSeq(ack.captions));
        setInProgress((list) => withoutFinalised(list, lastSeqRef.current));
        for (const c of fresh) onNewCaptionRef.current(c);
      };

      on('connect', () => {
        refusedRef.current.count = 0;
        setProblem((p) => (p === 'tooManyConnections' ? null : p));
        if (socket.recovered && joinedRef.current) {
          clearLostTimer();
          setConnection('connected');
          void catchUp(lastSeqRef.current);
        } else {
          void sendJoin();
        }
      });
      on('disconnect', (reason) => {
        if (endedRef.current) return;
        joinedRef.current = joinedRef.current && reason !== 'io server disconnect';
        // After "io server disconnect" (a server shutting down) createLiveSocket connects again itself,
        // and the join that follows asks for every caption after the last one shown.
        setConnection('disconnected');
        clearLostTimer();
        lostTimerRef.current = window.setTimeout(() => setConnection('lost'), LISTENER_RECOVERY_MS);
      });
      on('connect_error', (err) => {
        // This phone (or account) holds as many connections as allowed, maybe places a server
        // process that died still held for a few seconds (decision 048): say so, and try again
        // after the wait the server asks for, growing while refused, with some jitter so that a
        // room of phones does not come back at once.
        const refused = (err as Error & { data?: { code?: string; retryAfter?: number } }).data;
        if (refused?.code === 'too_many_connections') {
          setProblem('tooManyConnections');
          setConnection('connecting');
          const r = refusedRef.current;
          const waitMs = Math.min(60_000, (refused.retryAfter ?? 10) * 1000 * 2 ** Math.min(r.count, 3)) * (0.8 + Math.random() * 0.4);
          r.count++;
          if (r.timer !== null) window.clearTimeout(r.timer);
          r.timer = window.setTimeout(() => {
            r.timer = null;
            if (socket === socketRef.current && !socket.connected) socket.connect();
          }, waitMs);
          return;
        }
        if (socket.active) {
          setConnection((c) => (c === 'connecting' || c === 'lost' ? c : 'disconnected'));
          return;
        }
        // The handshake itself was refused: retrying would not help.
        setProblem('joinFailed');
        close();
        setConnection('ready');
      });
      on(liveEvents.voicePiece, (piece) => voiceRef.current.onVoicePiece?.(piece));
      on(liveEvents.voiceStatus, (status) => voiceRef.current.onVoiceStatus?.(status));
      on(liveEvents.caption, (caption) => {
        const { language } = prefsRef.current;
        if (caption.language !== language) return;
        if (!caption.final) {
          // The line being said: the spoken language's interim text, or a partial translation
          // (decision 030). Shown as in progress, never spoken or kept.
          setInProgress((list) => mergeInProgress(list, caption, language, lastSeqRef.current));
          return;
        }
        const isNew = caption.seq > lastSeqRef.current;
        const holeAfter = joinedRef.current && caption.seq > lastSeqRef.current + 1 ? lastSeqRef.current : null;
        lastSeqRef.current = Math.max(lastSeqRef.current, caption.seq);
        if (holeAfter !== null) void catchUp(holeAfter);
        setInProgress((list) => withoutFinalised(list, lastSeqRef.current));
        setCaptions((list) => mergeCaptions(list, [caption], language));
        if (isNew) onNewCaptionRef.current(caption);
      });
      on(liveEvents.state, (next) => {
        setState(next);
        if (next.status === 'ended') markEnded({ sermonId: next.sermonId, reason: 'stopped', message: '' });
      });
      on(liveEvents.ended, (info) => markEnded(info));
      // The church turned guests off during the sermon: this phone is let go and asked to sign in.
      on(liveEvents.error, (error) => {
        if (error.code !== 'guests_not_allowed') return;
        setProblem('guestsTurnedOff');
        close();
        setConnection('ready');
      });
      if (socket !== sharedRef.current) socket.connect();
      else if (socket.connected) void sendJoin();
    },
    [broadcastId, close, markEnded, projector],
  );

  /** Another language or voice: the server moves this listener and sends recent captions in the new language. */
  const changePrefs = useCallback(async (language: string, voice: VoicePreference) => {
    const previous = prefsRef.current;
    prefsRef.current = { language, voice };
    const socket = socketRef.current;
    if (!socket || !joinedRef.current) return;
    if (language !== previous.language) {
      setInProgress([]);
      setCaptions([]);
      lastSeqRef.current = 0;
    }
    const ack = await emitWithAck(socket, liveEvents.listenerPrefs, { language, voice });
    if (!ack.ok) {
      setProblem('prefsFailed');
      return;
    }
    if (language !== previous.language) {
      setCaptions((list) => {
        const next = mergeCaptions(
          list.filter((c) => c.language === language),
          ack.captions,
          language,
        );
        lastSeqRef.current = Math.max(lastSeqRef.current, lastFinalSeq(next));
        return next;
      });
      const partial = ack.partial;
      if (partial) setInProgress((list) => mergeInProgress(list, partial, language, lastSeqRef.current));
    }
  }, []);

  const leave = useCallback(() => {
    const socket = socketRef.current;
    if (socket?.connected) socket.emit(liveEvents.listenerLeave, {}, () => undefined);
    // Left on purpose: joining again later is a new session.
    sessionIdRef.current = null;
    close();
  }, [close]);

  useEffect(() => () => leave(), [leave]);

  const online = useBrowserOnline();
  const isOffline = !online && connection !== 'ready' && ended === null;

  return {
    connection: isOffline ? ('offline' as const) : connection,
    captions,
    inProgress,
    state,
    ended,
    problem,
    join,
    changePrefs,
    leave,
    dismissProblem: () => setProblem(null),
  };
}

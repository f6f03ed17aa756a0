import { useCallback, useEffect, useRef, useState } from 'react';
import { liveEvents, type Caption, type SermonEnded, type SermonState, type VoicePiece, type VoiceStatus } from '@app/shared';
import { closeLiveSocket, createLiveSocket, emitWithAck, type LiveSocket } from '../lib/live-socket';
import { useBrowserOnline } from '../lib/use-browser-online';
import { lastFinalSeq, mergeCaptions, mergeInProgress } from './captions';
import { listenOnSocket, type ListenerConnection, type ListenerProblem, type Prefs, type VoicePreference } from './listener-socket';

// The screen's types live with the socket wiring that produces them; importers keep this path.
export type { ListenerConnection, ListenerProblem, VoicePreference } from './listener-socket';

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
      const wired = listenOnSocket(socket, {
        broadcastId,
        projector,
        socketRef,
        prefsRef,
        lastSeqRef,
        sessionIdRef,
        joinedRef,
        endedRef,
        lostTimerRef,
        refusedRef,
        onNewCaptionRef,
        voiceRef,
        setConnection,
        setCaptions,
        setInProgress,
        setState,
        setProblem,
        markEnded,
        close,
        clearLostTimer,
      });
      detachRef.current = wired.detach;
      if (socket !== sharedRef.current) socket.connect();
      else if (socket.connected) void wired.sendJoin();
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

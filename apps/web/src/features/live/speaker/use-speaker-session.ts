import { useCallback, useEffect, useRef, useState } from 'react';
import { liveEvents, type Sermon, type SermonEnded, type SermonState, type SermonWarning } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { endSermon } from '../api/end-sermon';
import { useGoLive } from '../api/go-live';
import { createLiveSocket, emitWithAck, type LiveSocket } from '../lib/live-socket';
import type { Recognizer, RecognizerErrorCode } from './recognizer-types';
import { createThrottle, splitSegment } from './segments';
import type { SpeechEngine } from './use-speech-engine';

export type SpeakerPhase = 'setup' | 'starting' | 'live' | 'ending' | 'ended';
/** Spec section 4: the speaker is ready to start, listening, or stopped. */
export type RecognizerStatus = 'ready' | 'listening' | 'stopped';

/** Everything the screen may have to tell the speaker; each maps to `live.speaker.errors.<code>`. */
export type SpeakerProblemCode =
  | RecognizerErrorCode
  | 'translationFailed'
  | 'addSermonFailed'
  | 'streamLimitReached'
  | 'notAllowed'
  | 'startStreamFailed'
  | 'stopStreamFailed'
  | 'statusUpdateFailed'
  | 'segmentFailed';

export interface SpeakerProblem {
  code: SpeakerProblemCode;
  /** Fatal problems stay until dismissed; the others are notes the session carries on after. */
  fatal: boolean;
}

export interface SentLine {
  seq: number;
  text: string;
  status: 'sending' | 'sent' | 'failed';
}

const MAX_LINES_SHOWN = 100;
/** Notes that stop being true as soon as speech is heard again. */
const TRANSIENT: ReadonlySet<SpeakerProblemCode> = new Set(['noSpeech', 'network', 'serviceError']);
const INTERIM_INTERVAL_MS = 250;

/**
 * One go-live session: POST /sermons, the speaker's socket on `/live`, the recogniser, and typed
 * lines, which travel exactly like recognised ones. Final segments recognised before the socket has
 * joined (or while it reconnects) wait and go out in order afterwards, so nothing said is lost.
 */
export function useSpeakerSession({ churchId, engine }: { churchId: string; engine: SpeechEngine }) {
  const goLive = useGoLive();
  const [phase, setPhase] = useState<SpeakerPhase>('setup');
  const [sermon, setSermon] = useState<Sermon | null>(null);
  const [recognizerStatus, setRecognizerStatus] = useState<RecognizerStatus>('ready');
  const [interim, setInterim] = useState('');
  const [lines, setLines] = useState<SentLine[]>([]);
  const [state, setState] = useState<SermonState | null>(null);
  const [problems, setProblems] = useState<SpeakerProblem[]>([]);
  const [warning, setWarning] = useState<SermonWarning | null>(null);
  const [ended, setEnded] = useState<SermonEnded | null>(null);
  const [isConnected, setIsConnected] = useState(true);
  const [isPaused, setIsPaused] = useState(false);

  const socketRef = useRef<LiveSocket | null>(null);
  const recognizerRef = useRef<Recognizer | null>(null);
  const sermonRef = useRef<Sermon | null>(null);
  const joinedRef = useRef(false);
  const pausedRef = useRef(false);
  const nextSeqRef = useRef(1);
  const pendingRef = useRef<string[]>([]);
  const localeRef = useRef('en-AU');

  const report = useCallback((code: SpeakerProblemCode, fatal = false) => {
    setProblems((list) => (list.some((p) => p.code === code) ? list : [...list, { code, fatal }]));
  }, []);
  const dismiss = useCallback((code: SpeakerProblemCode) => {
    setProblems((list) => list.filter((p) => p.code !== code));
  }, []);

  const updateLine = useCallback((seq: number, patch: Partial<SentLine>) => {
    setLines((list) => list.map((l) => (l.seq === seq ? { ...l, ...patch } : l)));
  }, []);

  const emitFinal = useCallback(
    (text: string) => {
      const socket = socketRef.current;
      const current = sermonRef.current;
      if (!socket || !current) return;
      const seq = nextSeqRef.current++;
      setLines((list) => [...list, { seq, text, status: 'sending' as const }].slice(-MAX_LINES_SHOWN));
      void emitWithAck(socket, liveEvents.segment, { sermonId: current.id, seq, text, final: true }).then((ack) => {
        if (ack.ok) {
          // The server owns numbering (e.g. after a reload it may store this under a later seq).
          nextSeqRef.current = Math.max(nextSeqRef.current, ack.seq + 1);
          updateLine(seq, { status: 'sent', seq: ack.seq });
        } else {
          updateLine(seq, { status: 'failed' });
          report(ack.error.code === 'translation_failed' ? 'translationFailed' : 'segmentFailed');
        }
      });
    },
    [report, updateLine],
  );

  const flushPending = useCallback(() => {
    const waiting = pendingRef.current;
    pendingRef.current = [];
    for (const text of waiting) emitFinal(text);
  }, [emitFinal]);

  /** A finished phrase, spoken or typed: to listeners at once, or queued until the socket has joined. */
  const sendFinal = useCallback(
    (raw: string) => {
      for (const chunk of splitSegment(raw)) {
        if (joinedRef.current) emitFinal(chunk);
        else pendingRef.current.push(chunk);
      }
    },
    [emitFinal],
  );

  const interimThrottle = useRef(
    createThrottle<string>((text) => {
      const socket = socketRef.current;
      const current = sermonRef.current;
      if (!socket || !current || !joinedRef.current || pausedRef.current) return;
      socket.emit(liveEvents.segment, { sermonId: current.id, seq: nextSeqRef.current, text, final: false }, () => undefined);
    }, INTERIM_INTERVAL_MS),
  );

  const startRecognizer = useCallback(() => {
    recognizerRef.current?.stop();
    const recognizer = engine.create(localeRef.current, {
      onInterim: (text) => {
        setInterim(text);
        const trimmed = text.trim().slice(0, 1000);
        if (trimmed) interimThrottle.current.push(trimmed);
      },
      onFinal: (text) => {
        interimThrottle.current.cancel();
        setProblems((list) => (list.some((p) => TRANSIENT.has(p.code)) ? list.filter((p) => !TRANSIENT.has(p.code)) : list));
        sendFinal(text);
      },
      onError: (code, fatal) => report(code, fatal),
      onListeningChange: (listening) => setRecognizerStatus(listening ? 'listening' : 'stopped'),
    });
    recognizerRef.current = recognizer;
    if (!recognizer) {
      report('notSupported', true);
      setRecognizerStatus('stopped');
      return;
    }
    setProblems((list) => list.filter((p) => !p.fatal || p.code === 'streamLimitReached'));
    recognizer.start();
  }, [engine, report, sendFinal]);

  const stopRecognizer = useCallback(() => {
    recognizerRef.current?.stop();
    recognizerRef.current = null;
    interimThrottle.current.cancel();
    setInterim('');
  }, []);

  const closeSocket = useCallback(() => {
    joinedRef.current = false;
    socketRef.current?.removeAllListeners();
    socketRef.current?.disconnect();
    socketRef.current = null;
  }, []);

  const connect = useCallback(
    (live: Sermon) => {
      const socket = createLiveSocket();
      socketRef.current = socket;
      const join = async () => {
        const ack = await emitWithAck(socket, liveEvents.speakerJoin, { sermonId: live.id });
        if (socket !== socketRef.current) return;
        if (!ack.ok) {
          report('startStreamFailed', true);
          return;
        }
        nextSeqRef.current = Math.max(nextSeqRef.current, ack.lastSeq + 1);
        setState(ack.state);
        joinedRef.current = true;
        setIsConnected(true);
        flushPending();
      };
      // Whether this socket's session had joined before a drop: socket.io's recovery then restores it.
      let hadJoined = false;
      socket.on('connect', () => {
        // A recovered connection is still in its rooms; otherwise join again (the server answers with
        // the last stored seq, so numbering continues).
        if (socket.recovered && hadJoined) {
          joinedRef.current = true;
          setIsConnected(true);
          flushPending();
        } else void join();
      });
      socket.on('disconnect', () => {
        hadJoined = joinedRef.current;
        // Final segments wait in order until the connection is back.
        joinedRef.current = false;
        setIsConnected(false);
      });
      socket.on('connect_error', () => {
        setIsConnected(false);
        // The server refused the handshake itself (e.g. signed out): socket.io will not retry.
        if (!socket.active) report('startStreamFailed', true);
      });
      socket.on(liveEvents.state, (next) => {
        if (next.sermonId !== live.id) return;
        setState(next);
        pausedRef.current = next.status === 'paused';
        setIsPaused(next.status === 'paused');
      });
      socket.on(liveEvents.warning, (next) => {
        if (next.sermonId === live.id) setWarning(next);
      });
      socket.on(liveEvents.error, (error) => {
        if (error.code === 'translation_failed') report('translationFailed');
      });
      socket.on(liveEvents.ended, (info) => {
        if (info.sermonId !== live.id) return;
        setEnded(info);
        stopRecognizer();
        closeSocket();
        setPhase('ended');
      });
      socket.connect();
    },
    [closeSocket, flushPending, report, stopRecognizer],
  );

  /** Starts the recogniser within the tap (iOS grants the microphone only then), then goes live. */
  const start = useCallback(
    async (sourceLanguage: string, locale: string) => {
      if (phase === 'starting' || phase === 'live') return;
      localeRef.current = locale;
      setProblems([]);
      setLines([]);
      setWarning(null);
      setEnded(null);
      setState(null);
      setIsPaused(false);
      pausedRef.current = false;
      pendingRef.current = [];
      nextSeqRef.current = 1;
      setPhase('starting');
      startRecognizer();
      try {
        const created = await goLive.mutateAsync({ churchId, sourceLanguage });
        sermonRef.current = created;
        setSermon(created);
        setPhase('live');
        connect(created);
      } catch (err) {
        stopRecognizer();
        setRecognizerStatus('ready');
        setPhase('setup');
        if (err instanceof ApiError && err.code === 'stream_limit_reached') report('streamLimitReached', true);
        else if (err instanceof ApiError && (err.status === 401 || err.status === 403)) report('notAllowed', true);
        else report('addSermonFailed', true);
      }
    },
    [churchId, connect, goLive, phase, report, startRecognizer, stopRecognizer],
  );

  /**
   * Continues a sermon this speaker left live (a reload, a dropped phone): the server kept it for its
   * grace period; joining again carries on its numbering.
   */
  const resume = useCallback(
    (live: Sermon, locale: string) => {
      if (phase === 'starting' || phase === 'live') return;
      localeRef.current = locale;
      setProblems([]);
      setLines([]);
      setEnded(null);
      pendingRef.current = [];
      nextSeqRef.current = 1;
      sermonRef.current = live;
      setSermon(live);
      const paused = live.status === 'paused';
      pausedRef.current = paused;
      setIsPaused(paused);
      setPhase('live');
      if (!paused) startRecognizer();
      connect(live);
    },
    [connect, phase, startRecognizer],
  );

  /** One tap: listeners see "paused" and the microphone rests (music, a testimony). */
  const setPaused = useCallback(
    async (paused: boolean) => {
      const socket = socketRef.current;
      const current = sermonRef.current;
      if (!socket || !current) return;
      const wasListening = recognizerRef.current !== null;
      setIsPaused(paused);
      if (paused) {
        stopRecognizer();
        // Let the phrase being spoken arrive (the server refuses segments once paused).
        if (wasListening) await new Promise((resolve) => setTimeout(resolve, 700));
      } else startRecognizer();
      pausedRef.current = paused;
      const ack = await emitWithAck(socket, liveEvents.pause, { sermonId: current.id, paused });
      if (!ack.ok) report('statusUpdateFailed');
    },
    [report, startRecognizer, stopRecognizer],
  );

  const restartMicrophone = useCallback(() => {
    if (phase === 'live' && !pausedRef.current) startRecognizer();
  }, [phase, startRecognizer]);

  /** Stop: the phrase being spoken is let through, then the sermon ends for everyone. */
  const stop = useCallback(async () => {
    const current = sermonRef.current;
    if (!current) return;
    const wasListening = recognizerRef.current !== null;
    setPhase('ending');
    stopRecognizer();
    if (wasListening) await new Promise((resolve) => setTimeout(resolve, 700));
    try {
      await endSermon(current.id);
      closeSocket();
      setEnded({ sermonId: current.id, reason: 'stopped', message: '' });
      setPhase('ended');
    } catch (err) {
      // Already ended elsewhere (an admin, the weekly limit) counts as ended.
      if (err instanceof ApiError && err.status === 409) {
        closeSocket();
        setPhase('ended');
        return;
      }
      report('stopStreamFailed');
      setPhase('live');
    }
  }, [closeSocket, report, stopRecognizer]);

  const reset = useCallback(() => {
    sermonRef.current = null;
    setSermon(null);
    setPhase('setup');
    setRecognizerStatus('ready');
    setState(null);
    setLines([]);
    setProblems([]);
    setWarning(null);
    setEnded(null);
  }, []);

  // Leaving the screen drops the microphone and the socket; the sermon itself stays live for the
  // server's grace period, so an accidental navigation or reload can come back to it.
  useEffect(
    () => () => {
      recognizerRef.current?.stop();
      recognizerRef.current = null;
      socketRef.current?.removeAllListeners();
      socketRef.current?.disconnect();
      socketRef.current = null;
    },
    [],
  );

  return {
    phase,
    sermon,
    recognizerStatus,
    interim,
    lines,
    state,
    problems,
    warning,
    ended,
    isConnected,
    isPaused,
    start,
    resume,
    stop,
    reset,
    setPaused,
    restartMicrophone,
    sendLine: sendFinal,
    dismiss,
  };
}

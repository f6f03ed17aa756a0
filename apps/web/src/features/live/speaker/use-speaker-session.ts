import { useCallback, useEffect, useRef, useState } from 'react';
import { liveEvents, livestreamWarningEvent, type LiveError, type Sermon, type SermonEnded, type SermonState, type SermonWarning, type VoiceStatus } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { endSermon } from '../api/end-sermon';
import { getTranscript } from '../api/get-transcript';
import { useGoLive } from '../api/go-live';
import { clockOffset } from '../lib/clock-offset';
import { closeLiveSocket, createLiveSocket, emitWithAck, type LiveSocket } from '../lib/live-socket';
import { splitSegment } from './segments';
import type { SpeakerPhase, SpeakerProblem, SpeakerProblemCode } from './speaker-problems';
import { useSpeakerLines } from './use-speaker-lines';
import { useSpeakerRecognizer } from './use-speaker-recognizer';
import type { SpeechEngine } from './use-speech-engine';

export type { SpeakerPhase, RecognizerStatus, SpeakerProblemCode, SpeakerProblem } from './speaker-problems';
export type { SentLine } from './use-speaker-lines';

/**
 * One go-live session: POST /sermons, the speaker's socket on `/live`, the recogniser, and typed
 * lines, which travel exactly like recognised ones. Final lines wait in a stored outbox until the
 * server acknowledges them (`useSpeakerLines`), so nothing said while offline, or before a reload, is lost.
 */
export function useSpeakerSession({ churchId, engine }: { churchId: string; engine: SpeechEngine }) {
  const goLive = useGoLive();
  const [phase, setPhase] = useState<SpeakerPhase>('setup');
  const [sermon, setSermon] = useState<Sermon | null>(null);
  /** How far behind the pastor each language's voice runs (decision 039). */
  const [voiceLag, setVoiceLag] = useState<Record<string, VoiceStatus>>({});
  const [state, setState] = useState<SermonState | null>(null);
  const [problems, setProblems] = useState<SpeakerProblem[]>([]);
  const [warning, setWarning] = useState<SermonWarning | null>(null);
  const [ended, setEnded] = useState<SermonEnded | null>(null);
  const [isConnected, setIsConnected] = useState(true);
  const [isPaused, setIsPaused] = useState(false);

  const socketRef = useRef<LiveSocket | null>(null);
  const sermonRef = useRef<Sermon | null>(null);
  const joinedRef = useRef(false);
  const pausedRef = useRef(false);

  const report = useCallback((code: SpeakerProblemCode, fatal = false) => {
    setProblems((list) => (list.some((p) => p.code === code) ? list : [...list, { code, fatal }]));
  }, []);
  const dismiss = useCallback((code: SpeakerProblemCode) => {
    setProblems((list) => list.filter((p) => p.code !== code));
  }, []);

  const endedRef = useRef<(info: SermonEnded) => void>(() => undefined);
  const handleRefused = useCallback(
    (error: LiveError) => report(error.code === 'translation_failed' ? 'translationFailed' : 'segmentFailed'),
    [report],
  );
  // Found out by a refused line (e.g. ended while this phone was offline and missed the event).
  const handleNotLive = useCallback(() => endedRef.current({ sermonId: sermonRef.current?.id ?? '', reason: 'stopped', message: '' }), []);
  const { lines: sentLines, waiting, actions: lines } = useSpeakerLines({ onRefused: handleRefused, onNotLive: handleNotLive });
  const nextSeqRef = lines.nextSeq;

  /** A finished phrase, spoken (from `startedAt`) or typed (now): into the outbox, which sends it as soon as it can. */
  const sendFinal = useCallback(
    (raw: string, startedAt?: number) => {
      for (const chunk of splitSegment(raw)) lines.add(chunk, undefined, startedAt);
    },
    [lines],
  );

  const { recognizerRef, localeRef, recognizerStatus, setRecognizerStatus, interim, listening, startRecognizer, stopRecognizer, attach, detach } =
    useSpeakerRecognizer(engine, { socketRef, sermonRef, joinedRef, pausedRef, nextSeqRef, report, setProblems, sendFinal, showHeard: lines.showHeard });

  const closeSocket = useCallback(() => {
    joinedRef.current = false;
    lines.detach();
    detach();
    if (socketRef.current) closeLiveSocket(socketRef.current);
    socketRef.current = null;
  }, [detach, lines]);

  /** Told by the server (or found out on joining): the screen stops saying LIVE at once. */
  const markEnded = useCallback(
    (info: SermonEnded) => {
      setEnded(info);
      stopRecognizer();
      closeSocket();
      lines.discard();
      setPhase('ended');
    },
    [closeSocket, lines, stopRecognizer],
  );
  useEffect(() => {
    endedRef.current = markEnded;
  }, [markEnded]);

  const connect = useCallback(
    (live: Sermon) => {
      const socket = createLiveSocket();
      socketRef.current = socket;
      const join = async () => {
        const sentAt = Date.now();
        const ack = await emitWithAck(socket, liveEvents.speakerJoin, { sermonId: live.id });
        const receivedAt = Date.now();
        if (socket !== socketRef.current) return;
        if (!ack.ok) {
          if (ack.error.code === 'not_live') markEnded({ sermonId: live.id, reason: 'stopped', message: ack.error.message });
          else report('startStreamFailed', true);
          return;
        }
        setState(ack.state);
        joinedRef.current = true;
        setIsConnected(true);
        lines.attach(socket, live.id, ack.lastSeq, ack.serverNow === undefined ? undefined : clockOffset(sentAt, receivedAt, ack.serverNow));
        attach(socket, live.id);
      };
      // Whether this socket's session had joined before a drop: socket.io's recovery then restores it.
      let hadJoined = false;
      socket.on('connect', () => {
        // A recovered connection is still in its rooms; otherwise join again (the server answers with
        // the last stored seq, so numbering continues).
        if (socket.recovered && hadJoined) {
          joinedRef.current = true;
          setIsConnected(true);
          lines.attach(socket, live.id, 0);
          attach(socket, live.id);
        } else void join();
      });
      socket.on('disconnect', () => {
        hadJoined = joinedRef.current;
        // Final segments wait in order until the connection is back.
        joinedRef.current = false;
        lines.detach();
        detach();
        setIsConnected(false);
      });
      socket.on('connect_error', () => {
        setIsConnected(false);
        // The server refused the handshake itself (e.g. signed out): socket.io will not retry.
        if (!socket.active) report('startStreamFailed', true);
      });
      socket.on(liveEvents.voiceStatus, (status) => {
        if (status.sermonId === live.id) setVoiceLag((prev) => ({ ...prev, [status.language]: status }));
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
        if (info.sermonId === live.id) markEnded(info);
      });
      socket.on(livestreamWarningEvent, (w) => (w.problem ? report('livestreamFailed') : dismiss('livestreamFailed')));
      socket.connect();
    },
    [attach, detach, dismiss, lines, markEnded, report],
  );

  /** Starts the recogniser within the tap (iOS grants the microphone only then), then goes live. */
  const start = useCallback(
    async (sourceLanguage: string, locale: string, scheduledSermonId?: string) => {
      if (phase === 'starting' || phase === 'live') return;
      localeRef.current = locale;
      setProblems([]);
      lines.reset();
      setWarning(null);
      setEnded(null);
      setState(null);
      setIsPaused(false);
      pausedRef.current = false;
      setPhase('starting');
      startRecognizer();
      try {
        const created = await goLive.mutateAsync({ churchId, sourceLanguage, ...(scheduledSermonId ? { scheduledSermonId } : {}) });
        sermonRef.current = created;
        setSermon(created);
        lines.open(created.id);
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
    [churchId, connect, goLive, lines, localeRef, phase, report, setRecognizerStatus, startRecognizer, stopRecognizer],
  );

  /**
   * Continues a sermon this speaker left live (a reload, a dropped phone): the server kept it for its
   * grace period; joining again carries on its numbering. The lines already sent are shown again
   * (from the stored transcript), and lines still waiting in this browser go out first.
   */
  const resume = useCallback(
    (live: Sermon, locale: string) => {
      if (phase === 'starting' || phase === 'live') return;
      localeRef.current = locale;
      setProblems([]);
      setEnded(null);
      lines.open(live.id);
      void getTranscript(live.id, live.sourceLanguage)
        .then((t) =>
          lines.prependSent(t.captions.map((c) => ({ key: `seq-${c.seq}`, seq: c.seq, text: c.text, status: 'sent' as const }))),
        )
        .catch(() => undefined);
      sermonRef.current = live;
      setSermon(live);
      const paused = live.status === 'paused';
      pausedRef.current = paused;
      setIsPaused(paused);
      setPhase('live');
      if (!paused) startRecognizer();
      connect(live);
    },
    [connect, lines, localeRef, phase, startRecognizer],
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
    [recognizerRef, report, startRecognizer, stopRecognizer],
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
  }, [closeSocket, recognizerRef, report, stopRecognizer]);

  const reset = useCallback(() => {
    sermonRef.current = null;
    setSermon(null);
    setPhase('setup');
    setRecognizerStatus('ready');
    setState(null);
    lines.reset();
    setProblems([]);
    setWarning(null);
    setEnded(null);
  }, [lines, setRecognizerStatus]);

  // Leaving the screen drops the microphone and the socket; the sermon itself stays live for the
  // server's grace period, so an accidental navigation or reload can come back to it.
  useEffect(
    () => () => {
      recognizerRef.current?.stop();
      recognizerRef.current = null;
      if (socketRef.current) closeLiveSocket(socketRef.current);
      socketRef.current = null;
    },
    [recognizerRef],
  );

  return {
    phase,
    sermon,
    recognizerStatus,
    interim,
    /** Server recognition: which engine listens (decision 038); null for the browser's recogniser. */
    listening,
    lines: sentLines,
    waiting,
    state,
    voiceLag,
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
    /** A prepared paragraph, sent whole (it was split when prepared) with its stored translations. */
    sendPrepared: lines.add,
    dismiss,
  };
}

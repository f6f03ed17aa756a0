import { useCallback, useEffect, useRef, useState } from 'react';
import { liveEvents, type LiveError, type Sermon, type SermonEnded } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { endSermon } from '../api/end-sermon';
import { getTranscript } from '../api/get-transcript';
import { useGoLive } from '../api/go-live';
import { closeLiveSocket, emitWithAck, type LiveSocket } from '../lib/live-socket';
import { splitSegment } from './segments';
import type { SpeakerPhase, SpeakerProblem, SpeakerProblemCode } from './speaker-problems';
import { useSpeakerLines } from './use-speaker-lines';
import { useSpeakerRecognizer } from './use-speaker-recognizer';
import { useSpeakerSocket } from './use-speaker-socket';
import type { SpeechEngine } from './use-speech-engine';

export type { SpeakerPhase, RecognizerStatus, SpeakerProblemCode, SpeakerProblem } from './speaker-problems';
export type { SentLine } from './use-speaker-lines';

/**
 * One go-live session: POST /sermons, the speaker's socket on `/live` (`useSpeakerSocket`), the recogniser, and typed
 * lines, which travel exactly like recognised ones. Final lines wait in a stored outbox until the
 * server acknowledges them (`useSpeakerLines`), so nothing said while offline, or before a reload, is lost.
 */
export function useSpeakerSession({ churchId, engine }: { churchId: string; engine: SpeechEngine }) {
  const goLive = useGoLive();
  const [phase, setPhase] = useState<SpeakerPhase>('setup');
  const [sermon, setSermon] = useState<Sermon | null>(null);
  const [problems, setProblems] = useState<SpeakerProblem[]>([]);
  const [ended, setEnded] = useState<SermonEnded | null>(null);
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

  const { connect, closeSocket, state, setState, warning, setWarning, voiceLag, isConnected } = useSpeakerSocket({
    socketRef,
    joinedRef,
    onJoined: (socket, sermonId, lastSeq, offset) => {
      lines.attach(socket, sermonId, lastSeq, offset);
      attach(socket, sermonId, offset);
    },
    onDropped: () => {
      lines.detach();
      detach();
    },
    onEnded: (info) => endedRef.current(info),
    onPaused: (paused) => {
      pausedRef.current = paused;
      setIsPaused(paused);
    },
    report,
    dismiss,
  });

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
    [churchId, connect, goLive, lines, localeRef, phase, report, setRecognizerStatus, setState, setWarning, startRecognizer, stopRecognizer],
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
  }, [lines, setRecognizerStatus, setState, setWarning]);

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

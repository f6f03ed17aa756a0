import { useCallback, useRef, useState, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import { liveEvents, type Sermon } from '@app/shared';
import type { LiveSocket } from '../lib/live-socket';
import { useHearing, type ListeningEngine } from './hearing-status';
import type { Recognizer } from './recognizer-types';
import { createThrottle } from './segments';
import { TRANSIENT, type RecognizerStatus, type SpeakerProblem, type SpeakerProblemCode } from './speaker-problems';
import type { ServerRecognizer } from './server-recognizer';
import type { SpeechEngine } from './use-speech-engine';

const INTERIM_INTERVAL_MS = 250;

export type { ListeningEngine } from './hearing-status';

interface Links {
  socketRef: MutableRefObject<LiveSocket | null>;
  sermonRef: MutableRefObject<Sermon | null>;
  joinedRef: MutableRefObject<boolean>;
  pausedRef: MutableRefObject<boolean>;
  nextSeqRef: MutableRefObject<number>;
  report: (code: SpeakerProblemCode, fatal?: boolean) => void;
  setProblems: Dispatch<SetStateAction<SpeakerProblem[]>>;
  /** A finished phrase heard in the browser, with when its first words came: into the outbox. */
  sendFinal: (text: string, startedAt?: number) => void;
  /** A phrase the server's engine heard and already sent: shown as sent. */
  showHeard: (seq: number, text: string) => void;
}

/**
 * The speaker's recogniser within a go-live session: the browser's (Azure or Web Speech), whose
 * interim text goes out throttled and whose phrases go to the outbox, or the server's, which only
 * needs the joined socket and reports what its engine heard.
 */
export function useSpeakerRecognizer(engine: SpeechEngine, links: Links) {
  const [recognizerStatus, setRecognizerStatus] = useState<RecognizerStatus>('ready');
  const [interim, setInterim] = useState('');
  const [listening, setListening] = useState<ListeningEngine | null>(null);
  const recognizerRef = useRef<Recognizer | null>(null);
  const localeRef = useRef('en-AU');
  /** When the phrase being recognised began (its first interim text), on this device's clock (decision 044). */
  const phraseStartRef = useRef<number | null>(null);
  /** The server's clock less this device's, from the last join (decision 044). */
  const offsetRef = useRef<number | undefined>(undefined);
  const { socketRef, sermonRef, joinedRef, pausedRef, nextSeqRef, report, setProblems, sendFinal, showHeard } = links;

  const interimThrottle = useRef(
    createThrottle<string>((text) => {
      const socket = socketRef.current;
      const current = sermonRef.current;
      if (!socket || !current || !joinedRef.current || pausedRef.current) return;
      socket.emit(liveEvents.segment, { sermonId: current.id, seq: nextSeqRef.current, text, final: false }, () => undefined);
    }, INTERIM_INTERVAL_MS),
  );

  const clearTransient = useCallback(
    () => setProblems((list) => (list.some((p) => TRANSIENT.has(p.code)) ? list.filter((p) => !TRANSIENT.has(p.code)) : list)),
    [setProblems],
  );

  /** The joined socket: a server recogniser starts streaming to it. */
  const attach = useCallback((socket: LiveSocket, sermonId: string, offset?: number) => {
    if (offset !== undefined) offsetRef.current = offset;
    const r = recognizerRef.current;
    if (r?.kind === 'server') (r as ServerRecognizer).attach(socket, sermonId, offsetRef.current);
  }, []);
  const detach = useCallback(() => {
    const r = recognizerRef.current;
    if (r?.kind === 'server') (r as ServerRecognizer).detach();
  }, []);

  const startRecognizer = useCallback(() => {
    recognizerRef.current?.stop();
    const recognizer = engine.create(localeRef.current, {
      onInterim: (text, own) => {
        setInterim(text);
        const trimmed = text.trim().slice(0, 1000);
        // Only a phrase this page recognised is timed and sent by it: a server engine's lines are
        // timed on the server; timing them here gave the browser's first line the sermon's first words' time.
        if (!trimmed || (engine.kind === 'server' && !own)) return;
        phraseStartRef.current ??= Date.now();
        interimThrottle.current.push(trimmed);
      },
      onFinal: (text) => {
        interimThrottle.current.cancel();
        clearTransient();
        sendFinal(text, phraseStartRef.current ?? undefined);
        phraseStartRef.current = null;
      },
      onHeard: (seq, text) => {
        setInterim('');
        clearTransient();
        showHeard(seq, text);
      },
      // A new object only when something changed: the 2 s before "no engine hears you" (useHearing) runs from the change.
      onEngine: (name, state) => setListening((prev) => (prev?.engine === name && prev.state === state ? prev : { engine: name, state })),
      onError: (code, fatal) => report(code, fatal),
      onListeningChange: (on) => setRecognizerStatus(on ? 'listening' : 'stopped'),
    });
    recognizerRef.current = recognizer;
    if (!recognizer) {
      report('notSupported', true);
      setRecognizerStatus('stopped');
      return;
    }
    setProblems((list) => list.filter((p) => !p.fatal || p.code === 'streamLimitReached'));
    recognizer.start();
    // Resumed or unpaused with the socket already joined: the server recogniser streams at once.
    if (socketRef.current && sermonRef.current && joinedRef.current) attach(socketRef.current, sermonRef.current.id);
  }, [attach, clearTransient, engine, joinedRef, report, sendFinal, sermonRef, setProblems, showHeard, socketRef]);

  const stopRecognizer = useCallback(() => {
    recognizerRef.current?.stop();
    recognizerRef.current = null;
    interimThrottle.current.cancel();
    phraseStartRef.current = null;
    setInterim('');
    setListening(null);
  }, []);

  /** What the screen says hears the speaker: nothing claimed that has failed (decision 056). */
  const hearing = useHearing(listening, recognizerStatus === 'listening');

  return { recognizerRef, localeRef, recognizerStatus, setRecognizerStatus, interim, listening: hearing, startRecognizer, stopRecognizer, attach, detach };
}

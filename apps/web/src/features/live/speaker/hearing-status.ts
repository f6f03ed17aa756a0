import { useEffect, useState } from 'react';
import type { RecognitionStateEvent, ServerRecognitionKind } from '@app/shared';

/** Which of the church's engines on the server listens now (decision 038), shown to the speaker. */
export interface ListeningEngine {
  engine: ServerRecognitionKind | 'browser' | null;
  state: RecognitionStateEvent['state'];
}

/** The longest the page says an engine is on its way before it says none hears (decision 056). */
export const NO_ENGINE_AFTER_MS = 2000;
/** "No engine hears you right now (trying again): type your lines". */
export const NO_ENGINE: ListeningEngine = { engine: null, state: 'failed' };

export function isNoEngine(listening: ListeningEngine | null): boolean {
  return listening !== null && listening.engine === null && listening.state === 'failed';
}

/**
 * What the speaker's screen says hears them (decision 056): what the recogniser reports, except
 * that something only on its way — an engine switching, the browser's recogniser starting, an
 * engine named while the microphone has not started — becomes "no engine hears you" after 2 s.
 * `listening` is a new object only when the engine or its state changes, so a repeated report
 * does not restart the 2 s.
 */
export function useHearing(listening: ListeningEngine | null, microphoneOn: boolean): ListeningEngine | null {
  const pending = listening !== null && (listening.state === 'switching' || (!microphoneOn && listening.state === 'listening'));
  const [overdue, setOverdue] = useState<ListeningEngine | null>(null);
  const waitingFor = pending ? listening : null;
  useEffect(() => {
    if (!waitingFor) return;
    const timer = setTimeout(() => setOverdue(waitingFor), NO_ENGINE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waitingFor]);
  return pending && overdue === listening ? NO_ENGINE : listening;
}

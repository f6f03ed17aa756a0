import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { liveEvents, type LiveError } from '@app/shared';
import { emitWithAck, type LiveSocket } from '../lib/live-socket';
import { Outbox } from '../../../lib/outbox';

export interface SentLine {
  /** The line's clientId, or `seq-<n>` for lines loaded from the stored transcript. */
  key: string;
  seq: number | null;
  text: string;
  status: 'waiting' | 'sending' | 'sent' | 'failed';
}

const MAX_LINES_SHOWN = 100;
/** A server that keeps answering "internal" for one line must not hold every later line back forever. */
const MAX_INTERNAL_FAILURES = 3;

interface Target {
  socket: LiveSocket;
  sermonId: string;
}

/**
 * The speaker's final lines, from the moment they are said until the server has stored them. Every
 * line goes through the sermon's `Outbox` (localStorage) and leaves it only on its ack; lines go out
 * one at a time, in order, while a joined socket is attached, and wait while none is.
 */
export function useSpeakerLines({
  onRefused,
  onNotLive,
}: {
  onRefused: (error: LiveError) => void;
  onNotLive: () => void;
}) {
  const [lines, setLines] = useState<SentLine[]>([]);
  const [waiting, setWaiting] = useState(0);
  const outboxRef = useRef<Outbox | null>(null);
  const targetRef = useRef<Target | null>(null);
  const pumpingRef = useRef(false);
  const nextSeqRef = useRef(1);
  const failuresRef = useRef(new Map<string, number>());
  /** The server's clock minus this device's, measured when the socket joined; null until then. */
  const offsetRef = useRef<number | null>(null);
  const callbacks = useRef({ onRefused, onNotLive });
  useEffect(() => {
    callbacks.current = { onRefused, onNotLive };
  }, [onRefused, onNotLive]);

  const patch = useCallback((key: string, change: Partial<SentLine>) => {
    setLines((list) => list.map((l) => (l.key === key ? { ...l, ...change } : l)));
  }, []);

  const pump = useCallback(async () => {
    if (pumpingRef.current) return;
    pumpingRef.current = true;
    try {
      for (;;) {
        const target = targetRef.current;
        const box = outboxRef.current;
        const line = box?.list()[0];
        if (!target || !box || !line) return;
        const seq = nextSeqRef.current++;
        patch(line.clientId, { status: 'sending' });
        const ack = await emitWithAck(target.socket, liveEvents.segment, {
          sermonId: target.sermonId,
          seq,
          text: line.text,
          final: true,
          clientId: line.clientId,
          ...(line.preparedParagraphId ? { preparedParagraphId: line.preparedParagraphId } : {}),
          // When it was said, on the server's clock, however long it waited here (decision 044).
          ...(line.startedAt && offsetRef.current !== null ? { startedAt: Math.round(line.startedAt + offsetRef.current) } : {}),
        });
        if (ack.ok) {
          // Stored now or before (duplicate): the server's seq is the line's seq either way.
          box.remove(line.clientId);
          nextSeqRef.current = Math.max(nextSeqRef.current, ack.seq + 1);
          patch(line.clientId, { status: 'sent', seq: ack.seq });
        } else if (targetRef.current !== target) {
          // The connection dropped while waiting: the line is resent on the next one.
          patch(line.clientId, { status: 'waiting' });
        } else if (ack.error.code === 'not_live') {
          patch(line.clientId, { status: 'waiting' });
          callbacks.current.onNotLive();
          return;
        } else if (ack.error.code === 'internal' && (failuresRef.current.get(line.clientId) ?? 0) + 1 < MAX_INTERNAL_FAILURES) {
          failuresRef.current.set(line.clientId, (failuresRef.current.get(line.clientId) ?? 0) + 1);
          patch(line.clientId, { status: 'waiting' });
          return;
        } else {
          // Refused for good (invalid, too large…): sending it again would be refused again.
          box.remove(line.clientId);
          patch(line.clientId, { status: 'failed' });
          callbacks.current.onRefused(ack.error);
        }
        setWaiting(box.size);
      }
    } finally {
      pumpingRef.current = false;
      setWaiting(outboxRef.current?.size ?? 0);
    }
  }, [patch]);

  /** Starts (or continues) a sermon's lines: what was already sent, then what still waits. */
  const open = useCallback((sermonId: string, alreadySent: SentLine[] = []) => {
    const box = new Outbox(sermonId);
    outboxRef.current = box;
    targetRef.current = null;
    failuresRef.current.clear();
    nextSeqRef.current = 1;
    setLines([...alreadySent, ...box.list().map((l) => ({ key: l.clientId, seq: null, text: l.text, status: 'waiting' as const }))]);
    setWaiting(box.size);
  }, []);

  /** Lines already stored before this screen opened (a reload, "Continue this sermon"), shown first. */
  const prependSent = useCallback((sent: SentLine[]) => {
    setLines((list) => {
      const known = new Set(list.map((l) => l.seq).filter((s): s is number => s !== null));
      return [...sent.filter((l) => l.seq === null || !known.has(l.seq)), ...list].slice(-MAX_LINES_SHOWN);
    });
  }, []);

  /** A line the church's engine on the server heard and already stored (decision 038): shown as sent. */
  const showHeard = useCallback((seq: number, text: string) => {
    setLines((list) => (list.some((l) => l.seq === seq) ? list : [...list, { key: `seq-${seq}`, seq, text, status: 'sent' as const }].slice(-MAX_LINES_SHOWN)));
    nextSeqRef.current = Math.max(nextSeqRef.current, seq + 1);
  }, []);

  const add = useCallback(
    (text: string, preparedParagraphId?: string, startedAt?: number) => {
      const box = outboxRef.current;
      if (!box) return;
      const line = box.add(text, undefined, preparedParagraphId, startedAt);
      setLines((list) => [...list, { key: line.clientId, seq: null, text, status: 'waiting' as const }].slice(-MAX_LINES_SHOWN));
      setWaiting(box.size);
      void pump();
    },
    [pump],
  );

  /**
   * A socket has joined the sermon: numbering continues after `lastSeq`, and waiting lines go out,
   * timed by `clockOffset` (measured on joining; a recovered connection keeps the last one).
   */
  const attach = useCallback(
    (socket: LiveSocket, sermonId: string, lastSeq: number, clockOffset?: number) => {
      if (clockOffset !== undefined) offsetRef.current = clockOffset;
      targetRef.current = { socket, sermonId };
      nextSeqRef.current = Math.max(nextSeqRef.current, lastSeq + 1);
      void pump();
    },
    [pump],
  );

  const detach = useCallback(() => {
    targetRef.current = null;
  }, []);

  /** The sermon is over: nothing left can be delivered, so nothing is kept. */
  const discard = useCallback(() => {
    targetRef.current = null;
    outboxRef.current?.clear();
    setWaiting(0);
    setLines((list) => list.map((l) => (l.status === 'sent' ? l : { ...l, status: 'failed' as const })));
  }, []);

  const reset = useCallback(() => {
    targetRef.current = null;
    outboxRef.current = null;
    setLines([]);
    setWaiting(0);
  }, []);

  // Stable, so socket handlers set up once keep working.
  const actions = useMemo(
    () => ({ nextSeq: nextSeqRef, open, prependSent, showHeard, add, attach, detach, discard, reset }),
    [open, prependSent, showHeard, add, attach, detach, discard, reset],
  );
  return { lines, waiting, actions };
}

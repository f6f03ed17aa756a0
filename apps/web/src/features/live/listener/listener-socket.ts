// A listener's side of one `/live` socket: the join, filling holes in the seqs, and what each server event does to the screen's state.
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { LISTENER_RECOVERY_MS, liveEvents, type Caption, type SermonEnded, type SermonState, type VoiceGender, type VoicePiece, type VoiceStatus } from '@app/shared';
import { emitWithAck, type LiveSocket } from '../lib/live-socket';
import { lastFinalSeq, mergeCaptions, mergeInProgress, withoutFinalised } from './captions';

/**
 * Spec section 4: ready, connected, disconnected (shown as "Reconnecting…"), connection lost, plus
 * the moment of connecting and `offline`: the browser has no network (decision 008: shown within 2 s).
 */
export type ListenerConnection = 'ready' | 'connecting' | 'connected' | 'disconnected' | 'lost' | 'offline';
export type VoicePreference = VoiceGender | 'none' | 'device';
export type ListenerProblem = 'guestsNotAllowed' | 'guestsTurnedOff' | 'tooManyConnections' | 'notFound' | 'joinFailed' | 'prefsFailed';

export interface Prefs {
  language: string;
  voice: VoicePreference;
}

/** The state of `useLiveCaptions` the socket's handlers read and write: its refs and setters, and two of its callbacks. */
export interface ListenerSocketContext {
  broadcastId: string;
  projector: boolean;
  socketRef: RefObject<LiveSocket | null>;
  prefsRef: RefObject<Prefs>;
  lastSeqRef: RefObject<number>;
  sessionIdRef: RefObject<string | null>;
  joinedRef: RefObject<boolean>;
  endedRef: RefObject<boolean>;
  lostTimerRef: RefObject<number | null>;
  refusedRef: RefObject<{ timer: number | null; count: number }>;
  onNewCaptionRef: RefObject<(caption: Caption) => void>;
  voiceRef: RefObject<{ onVoicePiece?: (piece: VoicePiece) => void; onVoiceStatus?: (status: VoiceStatus) => void }>;
  setConnection: Dispatch<SetStateAction<ListenerConnection>>;
  setCaptions: Dispatch<SetStateAction<Caption[]>>;
  setInProgress: Dispatch<SetStateAction<Caption[]>>;
  setState: Dispatch<SetStateAction<SermonState | null>>;
  setProblem: Dispatch<SetStateAction<ListenerProblem | null>>;
  markEnded: (info: SermonEnded) => void;
  close: () => void;
  clearLostTimer: () => void;
}

/**
 * Listens on `socket` for one join: `detach` takes every handler off it again (a shared socket is
 * given back without them), `sendJoin` joins the sermon with the current choices.
 */
export function listenOnSocket(socket: LiveSocket, ctx: ListenerSocketContext): { detach: () => void; sendJoin: () => Promise<void> } {
  const { broadcastId, projector, socketRef, prefsRef, lastSeqRef, sessionIdRef, joinedRef, endedRef, lostTimerRef, refusedRef } = ctx;
  const { onNewCaptionRef, voiceRef, setConnection, setCaptions, setInProgress, setState, setProblem, markEnded, close, clearLostTimer } = ctx;
  // Registered through `on`, so that a shared socket can be given back without them.
  type Untyped = { on(event: string, handler: unknown): void; off(event: string, handler: unknown): void };
  const handlers: Array<[string, unknown]> = [];
  const on = ((event: string, handler: unknown) => {
    handlers.push([event, handler]);
    (socket as unknown as Untyped).on(event, handler);
  }) as unknown as LiveSocket['on'];
  const detach = () => {
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
  return { detach, sendJoin };
}

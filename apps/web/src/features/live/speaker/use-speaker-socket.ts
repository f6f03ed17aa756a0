import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { liveEvents, livestreamWarningEvent, type Sermon, type SermonEnded, type SermonState, type SermonWarning, type VoiceStatus } from '@app/shared';
import { clockOffset } from '../lib/clock-offset';
import { closeLiveSocket, createLiveSocket, emitWithAck, type LiveSocket } from '../lib/live-socket';
import type { SpeakerProblemCode } from './speaker-problems';

interface SocketLinks {
  socketRef: MutableRefObject<LiveSocket | null>;
  joinedRef: MutableRefObject<boolean>;
  /** Joined (or recovered): the outbox and a server recogniser send on this socket from now. */
  onJoined: (socket: LiveSocket, sermonId: string, lastSeq: number, offset?: number) => void;
  /** Dropped or closed: lines and audio wait until the socket is back. */
  onDropped: () => void;
  onEnded: (info: SermonEnded) => void;
  /** The sermon was paused or resumed (here or by another of the church's staff). */
  onPaused: (paused: boolean) => void;
  report: (code: SpeakerProblemCode, fatal?: boolean) => void;
  dismiss: (code: SpeakerProblemCode) => void;
}

/**
 * The speaker's socket on `/live`: joining (again after a drop, when the server answers with the
 * last stored seq so numbering continues), and what the server tells the speaker: the sermon's
 * state, its warnings, how far behind each voice runs, and that it ended.
 */
export function useSpeakerSocket(links: SocketLinks) {
  const { socketRef, joinedRef } = links;
  /** How far behind the pastor each language's voice runs (decision 039). */
  const [voiceLag, setVoiceLag] = useState<Record<string, VoiceStatus>>({});
  const [state, setState] = useState<SermonState | null>(null);
  const [warning, setWarning] = useState<SermonWarning | null>(null);
  const [isConnected, setIsConnected] = useState(true);
  // Socket handlers outlive renders: they call the session's latest callbacks.
  const linksRef = useRef(links);
  useEffect(() => {
    linksRef.current = links;
  });

  const closeSocket = useCallback(() => {
    joinedRef.current = false;
    linksRef.current.onDropped();
    if (socketRef.current) closeLiveSocket(socketRef.current);
    socketRef.current = null;
  }, [joinedRef, socketRef]);

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
          if (ack.error.code === 'not_live') linksRef.current.onEnded({ sermonId: live.id, reason: 'stopped', message: ack.error.message });
          else linksRef.current.report('startStreamFailed', true);
          return;
        }
        setState(ack.state);
        joinedRef.current = true;
        setIsConnected(true);
        linksRef.current.onJoined(socket, live.id, ack.lastSeq, ack.serverNow === undefined ? undefined : clockOffset(sentAt, receivedAt, ack.serverNow));
      };
      // Whether this socket's session had joined before a drop: socket.io's recovery then restores it.
      let hadJoined = false;
      socket.on('connect', () => {
        // A recovered connection is still in its rooms; otherwise join again (the server answers with
        // the last stored seq, so numbering continues).
        if (socket.recovered && hadJoined) {
          joinedRef.current = true;
          setIsConnected(true);
          linksRef.current.onJoined(socket, live.id, 0);
        } else void join();
      });
      socket.on('disconnect', () => {
        hadJoined = joinedRef.current;
        // Final segments wait in order until the connection is back.
        joinedRef.current = false;
        linksRef.current.onDropped();
        setIsConnected(false);
      });
      socket.on('connect_error', () => {
        setIsConnected(false);
        // The server refused the handshake itself (e.g. signed out): socket.io will not retry.
        if (!socket.active) linksRef.current.report('startStreamFailed', true);
      });
      socket.on(liveEvents.voiceStatus, (status) => {
        if (status.sermonId === live.id) setVoiceLag((prev) => ({ ...prev, [status.language]: status }));
      });
      socket.on(liveEvents.state, (next) => {
        if (next.sermonId !== live.id) return;
        setState(next);
        linksRef.current.onPaused(next.status === 'paused');
      });
      socket.on(liveEvents.warning, (next) => {
        if (next.sermonId === live.id) setWarning(next);
      });
      socket.on(liveEvents.error, (error) => {
        if (error.code === 'translation_failed') linksRef.current.report('translationFailed');
      });
      socket.on(liveEvents.ended, (info) => {
        if (info.sermonId === live.id) linksRef.current.onEnded(info);
      });
      socket.on(livestreamWarningEvent, (w) => (w.problem ? linksRef.current.report('livestreamFailed') : linksRef.current.dismiss('livestreamFailed')));
      socket.connect();
    },
    [joinedRef, socketRef],
  );

  return { connect, closeSocket, state, setState, warning, setWarning, voiceLag, isConnected };
}

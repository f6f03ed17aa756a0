import { useEffect, useRef, useState } from 'react';
import { lobbyEvents, type LobbyLivePayload } from '@app/shared';
import { closeLiveSocket, createLiveSocket, emitWithAck, type LiveSocket } from '../lib/live-socket';

export type LobbyProblem = 'notFound' | 'guestsNotAllowed' | 'joinFailed' | null;

/**
 * Waits in a church's lobby on `/live` (docs/decisions/020): the server pushes `lobby:live` when the
 * speaker goes live on any process, and `lobby:ended` when the sermon ends; nothing is polled. After a
 * reconnection (the push may have been missed meanwhile) `onReconnect` asks for the lobby again.
 */
export function useLobbySocket({
  code,
  languages,
  projector = false,
  onLive,
  onEnded,
  onReconnect,
}: {
  code: string;
  languages: string[];
  projector?: boolean;
  onLive: (live: LobbyLivePayload) => void;
  onEnded: () => void;
  onReconnect: () => void;
}) {
  const [problem, setProblem] = useState<LobbyProblem>(null);
  const socketRef = useRef<LiveSocket | null>(null);
  // The lobby's socket, which the live view listens on once the sermon starts (decision 034).
  const [socketState, setSocketState] = useState<LiveSocket | null>(null);
  const handlers = useRef({ onLive, onEnded, onReconnect, languages });
  useEffect(() => {
    handlers.current = { onLive, onEnded, onReconnect, languages };
  });
  const languageKey = languages.join(',');

  useEffect(() => {
    const socket = createLiveSocket();
    socketRef.current = socket;
    setSocketState(socket);
    let connectedBefore = false;
    const join = async () => {
      const ack = await emitWithAck(socket, lobbyEvents.join, { code, languages: handlers.current.languages, projector });
      if (socket !== socketRef.current) return;
      if (ack.ok) setProblem(null);
      else setProblem(ack.error.code === 'not_found' ? 'notFound' : ack.error.code === 'guests_not_allowed' ? 'guestsNotAllowed' : 'joinFailed');
    };
    socket.on('connect', () => {
      void join();
      if (connectedBefore && !socket.recovered) handlers.current.onReconnect();
      connectedBefore = true;
    });
    socket.on(lobbyEvents.live, (live) => handlers.current.onLive(live));
    socket.on(lobbyEvents.ended, () => handlers.current.onEnded());
    socket.connect();
    return () => {
      socketRef.current = null;
      setSocketState(null);
      closeLiveSocket(socket);
    };
  }, [code, projector]);

  // A new language choice is told to the server, so the speaker sees who waits for what.
  useEffect(() => {
    const socket = socketRef.current;
    if (socket?.connected) void emitWithAck(socket, lobbyEvents.join, { code, languages: languageKey ? languageKey.split(',') : [], projector });
  }, [code, languageKey, projector]);

  return { problem, socket: socketState };
}

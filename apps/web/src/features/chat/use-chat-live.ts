import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { useTranslation } from 'react-i18next';
import { CHAT_NAMESPACE, chatEvents, type ChatMessage } from '@app/shared';
import { chatKey, unreadKey } from './api/chat-queries';
import { conversationsWaiting, flushOutbox } from './chat-outbox';
import { interfaceLanguage } from '../../i18n/interface-language';

/**
 * Keeps the chat screens live (decision record 021): one socket on /chat for the signed-in shell.
 * Each event refreshes the queries it touches; a reconnection that could not resume the session
 * refreshes every chat query (what was missed), and waiting messages go out on reconnection.
 */
export function useChatLive(userId: string | null) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  // Messages waiting to go out are written in the interface language (en, pt…), never en-AU.
  const language = interfaceLanguage(i18n);
  useEffect(() => {
    if (!userId) return;
    const socket: Socket = io(CHAT_NAMESPACE, { forceNew: true, withCredentials: true, transports: ['websocket', 'polling'], reconnectionDelay: 1000, reconnectionDelayMax: 5000 });
    const refresh = (...parts: string[]) => void queryClient.invalidateQueries({ queryKey: [...chatKey, ...parts] });
    const flushAll = () => {
      for (const id of conversationsWaiting()) void flushOutbox(id, language, () => refresh('messages', id));
    };
    socket.on(chatEvents.message, (m: ChatMessage) => {
      refresh('messages', m.conversationId);
      refresh('conversations');
      if (m.sender?.id !== userId) queryClient.setQueryData<{ unread: number }>(unreadKey, (old) => ({ unread: (old?.unread ?? 0) + 1 }));
    });
    socket.on(chatEvents.changed, (m: ChatMessage) => {
      refresh('messages', m.conversationId);
      refresh('conversations');
    });
    socket.on(chatEvents.read, ({ conversationId }: { conversationId: string }) => {
      refresh('conversation', conversationId);
      refresh('conversations');
    });
    socket.on(chatEvents.unread, (data: { unread: number }) => queryClient.setQueryData(unreadKey, data));
    // A new conversation, or people added to one: an open conversation's member count changes too.
    socket.on(chatEvents.conversation, ({ conversationId }: { conversationId: string }) => {
      refresh('conversation', conversationId);
      refresh('conversations');
    });
    socket.on('connect', () => {
      if (!socket.recovered) refresh();
      flushAll();
    });
    const online = () => {
      if (!socket.connected) socket.connect();
      flushAll();
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      socket.disconnect();
    };
  }, [userId, queryClient, language]);
}

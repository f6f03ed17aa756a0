import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ChatPerson, ConversationSummary, InterfaceLanguage, MessagePage } from '@app/shared';
import { api, shouldRetry } from '../../../lib/api-client';

/** Every chat query starts with this key, so a reconnection can refresh them all at once. */
export const chatKey = ['chat'] as const;
export const conversationsKey = (lang?: string) => [...chatKey, 'conversations', lang ?? 'original'] as const;
export const conversationKey = (id: string, lang?: string) => [...chatKey, 'conversation', id, lang ?? 'original'] as const;
export const messagesKey = (id: string, lang?: string) => [...chatKey, 'messages', id, lang ?? 'original'] as const;
export const unreadKey = [...chatKey, 'unread'] as const;

const langParam = (lang?: InterfaceLanguage) => (lang ? `lang=${lang}` : '');

export function useConversations(lang?: InterfaceLanguage) {
  return useQuery({
    queryKey: conversationsKey(lang),
    queryFn: () => api<{ items: ConversationSummary[]; total: number }>(`/conversations?pageSize=100&${langParam(lang)}`),
    placeholderData: keepPreviousData,
    retry: shouldRetry,
  });
}

export function useConversation(id: string, lang?: InterfaceLanguage) {
  return useQuery({
    queryKey: conversationKey(id, lang),
    queryFn: () => api<ConversationSummary>(`/conversations/${encodeURIComponent(id)}?${langParam(lang)}`),
    retry: shouldRetry,
  });
}

/** History pages, newest page first; a page's items are oldest first. */
export function useMessages(id: string, lang?: InterfaceLanguage) {
  return useInfiniteQuery({
    queryKey: messagesKey(id, lang),
    queryFn: ({ pageParam }) =>
      api<MessagePage>(`/conversations/${encodeURIComponent(id)}/messages?limit=50&${langParam(lang)}${pageParam ? `&before=${pageParam}` : ''}`),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore && last.items[0] ? last.items[0].seq : undefined),
    retry: shouldRetry,
  });
}

export function useUnread(enabled = true) {
  return useQuery({ queryKey: unreadKey, queryFn: () => api<{ unread: number }>('/conversations/unread'), enabled, retry: shouldRetry });
}

export function useContacts(q: string) {
  return useQuery({
    queryKey: [...chatKey, 'contacts', q],
    queryFn: () => api<{ items: ChatPerson[] }>(`/conversations/contacts?q=${encodeURIComponent(q)}`),
    placeholderData: keepPreviousData,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddMembersBody, ChatMessage, ConversationSummary, CreateConversationBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { chatKey, unreadKey } from './chat-queries';

const refreshChat = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: chatKey });

/** POST /conversations: a direct conversation (the existing one if any) or a group. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConversationBody) => api<ConversationSummary>('/conversations', { method: 'POST', body }),
    onSuccess: () => refreshChat(queryClient),
  });
}

/** POST /conversations/:id/members: administrators add people to a group or announcements. */
export function useAddMembers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddMembersBody) => api<ConversationSummary>(`/conversations/${encodeURIComponent(id)}/members`, { method: 'POST', body }),
    onSuccess: () => refreshChat(queryClient),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, upTo }: { id: string; upTo: number }) =>
      api<{ unread: number }>(`/conversations/${encodeURIComponent(id)}/read`, { method: 'POST', body: { upTo } }),
    onSuccess: (data) => {
      queryClient.setQueryData(unreadKey, data);
      void queryClient.invalidateQueries({ queryKey: [...chatKey, 'conversations'] });
    },
  });
}

export function useMessageActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => refreshChat(queryClient);
  const path = (id: string) => `/messages/${encodeURIComponent(id)}`;
  return {
    edit: useMutation({ mutationFn: ({ id, text }: { id: string; text: string }) => api<ChatMessage>(path(id), { method: 'PATCH', body: { text } }), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => api<void>(path(id), { method: 'DELETE' }), onSuccess }),
    report: useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => api<void>(`${path(id)}/report`, { method: 'POST', body: { reason } }) }),
  };
}

export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      api<void>(`/me/blocks/${encodeURIComponent(userId)}`, { method: blocked ? 'PUT' : 'DELETE' }),
    onSuccess: () => refreshChat(queryClient),
  });
}

import { Outbox, type OutboxLine } from '../../lib/outbox';
import { api, ApiError } from '../../lib/api-client';

/**
 * Messages written while offline wait here in order ("sending…") and go out one at a time, each
 * with its clientId so a resend after a lost answer is stored once: the speaker's outbox (kept in
 * localStorage, so a reload keeps them too), one per conversation.
 */
const outboxes = new Map<string, Outbox>();
const listeners = new Set<() => void>();
const flushing = new Set<string>();
const EMPTY: readonly OutboxLine[] = [];

const outboxOf = (conversationId: string) => {
  let box = outboxes.get(conversationId);
  if (!box) {
    box = new Outbox(`chat-${conversationId}`);
    outboxes.set(conversationId, box);
  }
  return box;
};
const changed = () => listeners.forEach((l) => l());

export const subscribeOutbox = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const pendingLines = (conversationId: string): readonly OutboxLine[] =>
  outboxes.get(conversationId)?.list() ?? (localStorage.getItem(`live.outbox.chat-${conversationId}`) ? outboxOf(conversationId).list() : EMPTY);

export interface SendResult {
  /** A line the server refused (not allowed, too long, too many): it is dropped, the screen says why. */
  refused?: ApiError;
}

/** Sends waiting lines in order until one fails for the network (it stays, for the next try). */
export async function flushOutbox(conversationId: string, language: string, onSent: () => void): Promise<SendResult> {
  if (flushing.has(conversationId)) return {};
  flushing.add(conversationId);
  const box = outboxOf(conversationId);
  try {
    for (const line of [...box.list()]) {
      try {
        await api(`/conversations/${encodeURIComponent(conversationId)}/messages`, { method: 'POST', body: { text: line.text, language, clientId: line.clientId } });
      } catch (err) {
        const refused = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429;
        if (!refused) return {};
        box.remove(line.clientId);
        changed();
        return { refused: err };
      }
      box.remove(line.clientId);
      changed();
      onSent();
    }
    return {};
  } finally {
    flushing.delete(conversationId);
  }
}

export function queueMessage(conversationId: string, text: string): void {
  outboxOf(conversationId).add(text);
  changed();
}

/** Conversations with lines still waiting (this tab's, or a reloaded tab's from localStorage). */
export function conversationsWaiting(): string[] {
  const ids = new Set([...outboxes].filter(([, box]) => box.size > 0).map(([id]) => id));
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith('live.outbox.chat-')) ids.add(key.slice('live.outbox.chat-'.length));
  }
  return [...ids];
}

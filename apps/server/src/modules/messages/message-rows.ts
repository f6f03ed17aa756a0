import type { ChatMessage } from '@app/shared';
import type { messages } from '../../db/schema';
import { fileUrl } from '../../providers/storage/image-store';
import { toChatPerson, type PersonRow } from './people';

export type MessageRow = typeof messages.$inferSelect;

/** A stored message as a reader sees it: no text unless it is a normal message of a living account. */
export function toChatMessage(row: MessageRow, people: Map<string, PersonRow>, translation: string | undefined, lang: string | undefined): ChatMessage {
  const sender = row.senderId ? people.get(row.senderId) : undefined;
  const state = row.state === 'normal' && (!sender || sender.purgedAt) ? 'account_deleted' : row.state;
  const shown = state === 'normal';
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    clientId: row.clientId,
    sender: sender && !sender.purgedAt ? toChatPerson(sender) : null,
    state,
    text: shown ? row.text : null,
    language: row.language,
    translation: shown && translation !== undefined && lang ? { language: lang, text: translation } : null,
    imageUrl: shown && row.imagePath ? fileUrl(row.imagePath) : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

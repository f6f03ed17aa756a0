import { asc, eq, inArray, or } from 'drizzle-orm';
import { conversations, messages, messageTranslations, userBlocks } from '../../db/schema';
import type { DbOrTx } from '../../lib/audit';

/** `/me/export`: the messages the person wrote, as written, with the conversation each belongs to. */
export async function myMessages(db: DbOrTx, userId: string) {
  return db.select({
    id: messages.id,
    conversationId: messages.conversationId,
    conversationKind: conversations.kind,
    conversationName: conversations.name,
    text: messages.text,
    language: messages.language,
    state: messages.state,
    createdAt: messages.createdAt,
    editedAt: messages.editedAt,
  }).from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.senderId, userId))
    .orderBy(asc(messages.seq));
}

/**
 * A purge step (decision record 016's purge, decision record 021): the person's message text and
 * images go, and every stored translation of them; the rows stay so conversations keep their order
 * and show "Deleted account" where the person wrote. Their blocks go too.
 */
export async function forgetPersonMessages(tx: DbOrTx, userId: string): Promise<void> {
  const theirs = tx.select({ id: messages.id }).from(messages).where(eq(messages.senderId, userId));
  await tx.delete(messageTranslations).where(inArray(messageTranslations.messageId, theirs));
  await tx.update(messages).set({ text: null, imagePath: null }).where(eq(messages.senderId, userId));
  await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
}

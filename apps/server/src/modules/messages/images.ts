import { and, eq, isNotNull } from 'drizzle-orm';
import { chatEvents, type ChatMessage } from '@app/shared';
import type { AppContext } from '../../context';
import { conversations, messages } from '../../db/schema';
import type { DbOrTx } from '../../lib/audit';
import { forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import type { EncodedImage } from '../../providers/storage/images';
import { ImageStore } from '../../providers/storage/image-store';
import { storeAndAttach } from '../../providers/storage/upload';
import { memberIds, membership } from './conversations';
import { chatHubFor } from '../../live/chat/chat-hub';
import { present, storedResend } from './service';
import { mayPost } from './summaries';

/** Checked before the upload is read: someone who may not write here costs no image work. */
export async function assertMayPostImage(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const { conversation } = await membership(ctx, actor, id);
  if (!(await mayPost(ctx, actor, conversation))) throw forbidden('You cannot write in this conversation');
}

/**
 * POST /conversations/:id/images: a photo as a message, through the image pipeline (type from the
 * bytes, metadata such as GPS dropped, resized); the same clientId again answers the stored one.
 */
export async function sendImage(ctx: AppContext, actor: Actor, id: string, image: EncodedImage, q: { clientId: string; language: string }): Promise<{ message: ChatMessage; created: boolean }> {
  const { conversation } = await membership(ctx, actor, id);
  const again = await storedResend(ctx, actor, id, q.clientId, conversation.churchId);
  if (again) return { message: again, created: false };
  let row!: typeof messages.$inferSelect;
  await storeAndAttach(new ImageStore(ctx.blobs), image, (path) =>
    ctx.db.transaction(async (tx) => {
      const [saved] = await tx.insert(messages).values({ conversationId: id, senderId: actor.id, clientId: q.clientId, language: q.language, imagePath: path }).returning();
      await tx.update(conversations).set({ lastMessageAt: saved!.createdAt }).where(eq(conversations.id, id));
      row = saved!;
      return null;
    }),
  );
  const [message] = await present(ctx, conversation.churchId, [row]);
  chatHubFor(ctx).toUsers(await memberIds(ctx, id), chatEvents.message, message);
  return { message: message!, created: true };
}

/** The purge's images of a person: removed from the store after the purge commits. */
export async function messageImagesOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ path: messages.imagePath }).from(messages).where(and(eq(messages.senderId, userId), isNotNull(messages.imagePath)));
  return rows.map((r) => r.path!);
}

import { sql, type SQL } from 'drizzle-orm';
import type { ChatMessage } from '@app/shared';
import type { AppContext } from '../../context';
import type { messages } from '../../db/schema';
import { fileUrl } from '../../providers/storage/image-store';
import { toChatPerson, type PersonRow } from './people';
import { translationsFor } from './translate';

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

/** The rows of a raw `db.execute` on either driver (node-postgres answers `{ rows }`, PGlite the same, older shapes an array). */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/*
 * The combined page queries (decision record 021, "Reading at scale") return a message and a person
 * as one JSON value each, so both drivers hand back the same shape and timestamps as ISO text.
 */

/** `alias`'s messages row as JSON (null for the empty side of an outer join). */
export const messageJson = (alias: string): SQL => sql.raw(`case when ${alias}.id is null then null else to_jsonb(${alias}) end`);

/** `alias`'s users row as the person columns a message or conversation shows, as JSON. */
export const personJson = (alias: string): SQL => sql.raw(`case when ${alias}.id is null then null else jsonb_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name, 'role', ${alias}.role, 'photoPath', ${alias}.photo_path, 'churchId', ${alias}.church_id, 'purgedAt', ${alias}.purged_at) end`);

type Json = Record<string, unknown>;
const date = (v: unknown) => (v == null ? null : new Date(v as string));

export function messageFromJson(j: Json): MessageRow {
  return {
    id: j.id as string,
    seq: Number(j.seq),
    conversationId: j.conversation_id as string,
    senderId: (j.sender_id as string | null) ?? null,
    clientId: (j.client_id as string | null) ?? null,
    text: (j.text as string | null) ?? null,
    language: j.language as string,
    imagePath: (j.image_path as string | null) ?? null,
    state: j.state as MessageRow['state'],
    editedAt: date(j.edited_at),
    createdAt: date(j.created_at)!,
  };
}

export const personFromJson = (j: Json): PersonRow => ({ ...(j as unknown as PersonRow), purgedAt: date(j.purgedAt) });

/**
 * Messages as `lang`'s reader sees them, given their senders and the translations the page's query
 * already joined: only a shown message without a stored translation goes to the translator (once,
 * then stored, so the next view reads it).
 */
export async function presentJoined(ctx: AppContext, churchId: string, rows: MessageRow[], people: Map<string, PersonRow>, stored: Map<string, string>, lang: string | undefined): Promise<ChatMessage[]> {
  const missing = lang ? rows.filter((r) => r.state === 'normal' && r.text && r.language !== lang && !stored.has(r.id) && r.senderId && people.get(r.senderId) && !people.get(r.senderId)!.purgedAt) : [];
  const translated = missing.length > 0 ? await translationsFor(ctx, churchId, missing, lang) : new Map<string, string>();
  return rows.map((r) => toChatMessage(r, people, stored.get(r.id) ?? translated.get(r.id), lang));
}

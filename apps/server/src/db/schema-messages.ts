import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConversationKind, MessageState } from '@app/shared';
import { churches, users } from './schema';

// Church messages (migration 0007, decision records 021 and 022).
const at = (name: string) => timestamp(name, { withTimezone: true });

export const conversations = pgTable('conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<ConversationKind>().notNull(),
  name: text('name'),
  directKey: text('direct_key'),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  lastMessageAt: at('last_message_at'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('conversations_direct_key_uq').on(t.directKey)]);

export const conversationMembers = pgTable('conversation_members', {
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
  mailedSeq: bigint('mailed_seq', { mode: 'number' }).notNull().default(0),
  joinedAt: at('joined_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.conversationId, t.userId] }),
  index('conversation_members_user_idx').on(t.userId),
]);

export const messages = pgTable('messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
  clientId: text('client_id'),
  text: text('text'),
  language: text('language').notNull(),
  imagePath: text('image_path'),
  state: text('state').$type<MessageState>().notNull().default('normal'),
  editedAt: at('edited_at'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('messages_seq_uq').on(t.seq),
  uniqueIndex('messages_sender_client_uq').on(t.senderId, t.clientId),
  index('messages_conversation_seq_idx').on(t.conversationId, t.seq.desc()),
  // Unread counts read this index alone (migration 0007: INCLUDE (sender_id), only shown messages).
  index('messages_unread_idx').on(t.conversationId, t.seq).where(sql`${t.state} = 'normal'`),
  index('messages_sender_idx').on(t.senderId),
]);

export const messageTranslations = pgTable('message_translations', {
  messageId: uuid('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
  language: text('language').notNull(),
  text: text('text').notNull(),
}, (t) => [primaryKey({ columns: [t.messageId, t.language] })]);

export const messageReports = pgTable('message_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  messageId: uuid('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
  reason: text('reason').notNull().default(''),
  resolvedAt: at('resolved_at'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('message_reports_once_uq').on(t.messageId, t.reporterId),
  index('message_reports_church_created_idx').on(t.churchId, t.createdAt.desc(), t.id.desc()),
]);

export const userBlocks = pgTable('user_blocks', {
  blockerId: uuid('blocker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  blockedId: uuid('blocked_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })]);

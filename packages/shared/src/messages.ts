import { z } from 'zod';
import { listQuery } from './api';
import { interfaceLanguages } from './languages';
import { msg } from './validation';

/**
 * Church messages (decision records 021 and 022). Endpoints (under /api/v1):
 *   GET    /conversations                    page of conversationSummary, newest activity first  (messages:use)
 *   POST   /conversations                    startDirectBody | createGroupBody → conversationSummary (messages:use)
 *   GET    /conversations/unread             → { unread }                                          (messages:use)
 *   GET    /conversations/contacts?q=        people the actor may start a direct conversation with (messages:use)
 *   GET    /conversations/:id                → conversationSummary                                  (messages:use)
 *   POST   /conversations/:id/members        addMembersBody → conversationSummary (administrators) (messages:use)
 *   GET    /conversations/:id/messages       ?before=&limit=&lang= → messagePage, newest last      (messages:use)
 *   POST   /conversations/:id/messages       sendMessageBody → 201 chatMessage (same clientId: the stored one)
 *   POST   /conversations/:id/images      multipart `file`, ?clientId=&language= → 201 chatMessage (a photo)
 *   POST   /conversations/:id/read           { upTo } → { unread }                                 (messages:use)
 *   PATCH  /messages/:id                     { text } own, within 15 minutes                       (messages:use)
 *   DELETE /messages/:id                     own: leaves "message deleted"                         (messages:use)
 *   POST   /messages/:id/report              { reason }                                            (messages:use)
 *   GET    /message-reports                  page of messageReport                                 (messages:moderate)
 *   POST   /messages/:id/remove              administrator removal, audited                        (messages:moderate)
 *   PUT    /me/blocks/:id, DELETE /me/blocks/:id, GET /me/blocks                                   (messages:use)
 */

export const MESSAGE_TEXT_MAX = 4000;
/** Own messages may be edited this long after sending (what WhatsApp people expect). */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60_000;
/** Messages a person may send per minute (spec: 20). */
export const MESSAGES_PER_MINUTE = 20;
export const MESSAGE_PAGE_DEFAULT = 50;
/** People added to a group in one request: picked by hand (a whole congregation goes in when the group is created). */
export const ADD_MEMBERS_MAX = 500;
/** Unread messages older than this are mailed once as a digest. */
export const MESSAGE_DIGEST_AFTER_MS = 15 * 60_000;

export const conversationKinds = ['direct', 'group', 'announcements'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

const textField = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .max(MESSAGE_TEXT_MAX, msg('tooLong'));

export const startDirectBody = z.object({ userId: z.string().uuid(msg('invalidChoice')) });
export const createGroupBody = z.object({
  name: z.string({ error: msg('required') }).trim().min(1, msg('required')).max(80, msg('tooLong')),
  memberIds: z.array(z.string().uuid(msg('invalidChoice'))).min(1, msg('required')).max(5000),
  kind: z.enum(['group', 'announcements'], { error: msg('invalidChoice') }).default('group'),
});
export const createConversationBody = z.union([startDirectBody.strict(), createGroupBody.strict()]);
export type CreateConversationBody = z.input<typeof createConversationBody>;
/** People added to an existing group or announcements; those already in it are left as they are. */
export const addMembersBody = z.object({
  memberIds: z.array(z.string().uuid(msg('invalidChoice'))).min(1, msg('required')).max(ADD_MEMBERS_MAX),
}).strict();
export type AddMembersBody = z.input<typeof addMembersBody>;

export const sendMessageBody = z.object({
  text: textField,
  /** The writer's interface language: what the message is translated from. */
  language: z.enum(interfaceLanguages, { error: msg('invalidChoice') }),
  /** Chosen by the sending device: a resend of the same id is stored once. */
  clientId: z.string().trim().min(8).max(64),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;
export const sendImageQuery = sendMessageBody.pick({ language: true, clientId: true });
export const editMessageBody = z.object({ text: textField });
export const readBody = z.object({ upTo: z.coerce.number().int().min(0) });
export const reportBody = z.object({ reason: z.string().trim().max(500, msg('tooLong')).default('') });

export const messagesQuery = z.object({
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_DEFAULT),
  /** The reader's interface language; absent = no translation (the reader turned it off). */
  lang: z.enum(interfaceLanguages).optional(),
});
export const conversationListQuery = listQuery.extend({
  sort: z.enum(['-lastMessageAt']).optional(),
  /** The reader's interface language, for the last message's translation. */
  lang: z.enum(interfaceLanguages).optional(),
});
export const contactsQuery = z.object({ q: z.string().trim().max(100).optional() });

export const chatPerson = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  photoUrl: z.string().nullable(),
});
export type ChatPerson = z.infer<typeof chatPerson>;

/** normal, deleted by its writer, removed by an administrator, or its writer's account was deleted. */
export const messageStates = ['normal', 'deleted', 'removed', 'account_deleted'] as const;
export type MessageState = (typeof messageStates)[number];

export const chatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** Order within the product (numbers only grow): cursors and read marks use it. */
  seq: z.number().int(),
  clientId: z.string().nullable(),
  sender: chatPerson.nullable(),
  state: z.enum(messageStates),
  /** As written; null unless the state is normal. */
  text: z.string().nullable(),
  language: z.string(),
  translation: z.object({ language: z.string(), text: z.string() }).nullable(),
  /** A photo sent as the message (re-encoded, metadata stripped); null unless the state is normal. */
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const messagePage = z.object({
  items: z.array(chatMessage),
  /** There are older messages: ask again with `before` = the first item's seq. */
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePage>;

export const conversationSummary = z.object({
  id: z.string(),
  kind: z.enum(conversationKinds),
  /** The group's name, or the other person's for a direct conversation. */
  name: z.string(),
  /** The other person of a direct conversation. */
  other: chatPerson.nullable(),
  memberCount: z.number().int(),
  /** Whether the actor may write here (announcements: staff and administrators; a block stops a direct one). */
  canPost: z.boolean(),
  /** The actor blocked the other person of this direct conversation (the screen offers "Unblock"). */
  blockedByYou: z.boolean(),
  lastMessage: chatMessage.nullable(),
  unread: z.number().int(),
  /** Highest seq every other member has read: the actor's messages up to it show "seen". */
  othersReadUpTo: z.number().int(),
  lastMessageAt: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const unreadTotal = z.object({ unread: z.number().int() });
export const contactList = z.object({ items: z.array(chatPerson) });

export const messageReport = z.object({
  id: z.string(),
  messageId: z.string(),
  conversationId: z.string(),
  reason: z.string(),
  reporter: chatPerson.nullable(),
  message: chatMessage,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type MessageReport = z.infer<typeof messageReport>;
export const reportListQuery = listQuery.extend({ sort: z.enum(['-createdAt', 'createdAt']).optional() });

/** Live event payloads (server → client). */
export interface ChatReadEvent { conversationId: string; userId: string; upTo: number }
export interface ChatUnreadEvent { unread: number }

/** GET/PUT /me/message-settings: the digest mail switch (Manage Profile). */
export const messageSettings = z.object({ digest: z.boolean() });
export type MessageSettings = z.infer<typeof messageSettings>;

/** Unread messages are counted up to this many per conversation (shown as "99+"). */
export const MESSAGE_UNREAD_CAP = 100;

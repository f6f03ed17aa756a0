// Apart from the schemas (messages.ts): the signed-in shell listens for these on every screen and
// should not bring zod with them (decision 029).

/** Socket.IO namespace of church messages (one Socket.IO server with /live). */
export const CHAT_NAMESPACE = '/chat';
export const chatEvents = {
  /** server → client: a new message (without a translation; the reader asks for its own once). */
  message: 'chat:message',
  /** server → client: a message edited, deleted or removed. */
  changed: 'chat:changed',
  /** server → client: someone read up to a message (seen marks). */
  read: 'chat:read',
  /** server → client: the person's unread total, after anything that changes it. */
  unread: 'chat:unread',
  /** server → client: a conversation was created or the person was added to one. */
  conversation: 'chat:conversation',
} as const;

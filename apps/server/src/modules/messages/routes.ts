import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addMembersBody,
  chatMessage,
  contactList,
  contactsQuery,
  conversationListQuery,
  conversationSummary,
  createConversationBody,
  editMessageBody,
  idParams,
  MESSAGES_PER_MINUTE,
  messagePage as messagePageSchema,
  messageReport,
  messageSettings,
  messagesQuery,
  pageOf,
  readBody,
  reportBody,
  reportListQuery,
  sendImageQuery,
  sendMessageBody,
  unreadTotal as unreadTotalSchema,
} from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { readImageUpload } from '../../providers/storage/upload';
import { churchEventImageRules } from '../churches/admin-routes';
import { assertMayPostImage, sendImage } from './images';
import { contacts } from './people';
import { addMembers, createConversation, getConversation, listConversations, unreadTotal } from './conversations';
import { digestSetting, setDigest } from './digest';
import { block, blockedPeople, listReports, removeMessage, report, unblock } from './safety';
import { deleteMessage, editMessage, markRead, messagePage, sendMessage } from './service';

const langQuery = z.object({ lang: messagesQuery.shape.lang });
// Per person, not per address (a whole church shares one Wi-Fi address); Redis-backed with REDIS_URL.
// Text and photos count together.
const sendLimit = { max: MESSAGES_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => `chat:${req.actor?.id ?? req.ip}` };

/** Church messages (decision records 021 and 022): conversations, messages, read marks, safety. */
export async function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const use = { requires: 'messages:use' as const };

  api.get('/conversations', {
    schema: { tags, summary: "The actor's conversations, newest activity first, each with its last message and unread count", querystring: conversationListQuery, response: { 200: pageOf(conversationSummary) } },
    config: use,
  }, async (req) => listConversations(ctx, requireActor(req), req.query));

  api.post('/conversations', {
    schema: { tags, summary: '`{ userId }`: the direct conversation with that person (the existing one if any); `{ name, memberIds, kind }`: a group (administrators)', body: createConversationBody, response: { 200: conversationSummary, 201: conversationSummary } },
    config: use,
  }, async (req, reply) => {
    const { summary, created } = await createConversation(ctx, requireActor(req), req.body);
    return reply.code(created ? 201 : 200).send(summary);
  });

  api.get('/conversations/unread', {
    schema: { tags, summary: 'Unread messages in all of the actor\'s conversations', response: { 200: unreadTotalSchema } },
    config: use,
  }, async (req) => ({ unread: await unreadTotal(ctx, requireActor(req).id) }));

  api.get('/conversations/contacts', {
    schema: { tags, summary: 'People the actor may start a direct conversation with (at most 30, by name)', querystring: contactsQuery, response: { 200: contactList } },
    config: use,
  }, async (req) => ({ items: await contacts(ctx, requireActor(req), req.query.q) }));

  api.get('/conversations/:id', {
    schema: { tags, summary: 'One of the actor\'s conversations', params: idParams, querystring: langQuery, response: { 200: conversationSummary } },
    config: use,
  }, async (req) => getConversation(ctx, requireActor(req), req.params.id, req.query.lang));

  api.post('/conversations/:id/members', {
    schema: { tags, summary: 'Add people of the church to a group or announcements (administrators in it; those already in it are left as they are)', params: idParams, body: addMembersBody, response: { 200: conversationSummary } },
    config: use,
  }, async (req) => addMembers(ctx, requireActor(req), req.params.id, req.body.memberIds));

  api.get('/conversations/:id/messages', {
    schema: { tags, summary: 'A page of messages before `before` (a seq), newest last, translated for `lang`', params: idParams, querystring: messagesQuery, response: { 200: messagePageSchema } },
    config: use,
  }, async (req) => messagePage(ctx, requireActor(req), req.params.id, req.query));

  api.post('/conversations/:id/messages', {
    schema: { tags, summary: `Send a message (at most ${MESSAGES_PER_MINUTE} a minute); a resend with the same clientId answers the stored one`, params: idParams, body: sendMessageBody, response: { 200: chatMessage, 201: chatMessage } },
    config: { ...use, rateLimit: sendLimit },
  }, async (req, reply) => {
    const { message, created } = await sendMessage(ctx, requireActor(req), req.params.id, req.body);
    return reply.code(created ? 201 : 200).send(message);
  });

  api.post('/conversations/:id/images', {
    schema: { tags, summary: 'Send a photo (JPEG, PNG or GIF under 5 MB; metadata removed); a resend with the same clientId answers the stored one', consumes: ['multipart/form-data'], params: idParams, querystring: sendImageQuery, response: { 200: chatMessage, 201: chatMessage } },
    config: { ...use, rateLimit: sendLimit },
  }, async (req, reply) => {
    const actor = requireActor(req);
    await assertMayPostImage(ctx, actor, req.params.id);
    const image = await readImageUpload(req, churchEventImageRules);
    const { message, created } = await sendImage(ctx, actor, req.params.id, image, req.query);
    return reply.code(created ? 201 : 200).send(message);
  });

  api.post('/conversations/:id/read', {
    schema: { tags, summary: 'Mark the conversation read up to a seq; answers the actor\'s unread total', params: idParams, body: readBody, response: { 200: unreadTotalSchema } },
    config: use,
  }, async (req) => markRead(ctx, requireActor(req), req.params.id, req.body.upTo));

  api.patch('/messages/:id', {
    schema: { tags, summary: 'Edit an own message within 15 minutes of sending', params: idParams, body: editMessageBody, response: { 200: chatMessage } },
    config: use,
  }, async (req) => editMessage(ctx, requireActor(req), req.params.id, req.body.text));

  api.delete('/messages/:id', {
    schema: { tags, summary: 'Delete an own message ("message deleted" stays in its place)', params: idParams, response: { 204: z.null() } },
    config: use,
  }, async (req, reply) => {
    await deleteMessage(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });

  api.post('/messages/:id/report', {
    schema: { tags, summary: 'Report a message to the church\'s administrators', params: idParams, body: reportBody, response: { 204: z.null() } },
    config: use,
  }, async (req, reply) => {
    await report(ctx, requireActor(req), req.params.id, req.body.reason);
    return reply.code(204).send(null);
  });

  api.get('/message-reports', {
    schema: { tags, summary: 'Reported messages of the church, newest first', querystring: reportListQuery, response: { 200: pageOf(messageReport) } },
    config: { requires: 'messages:moderate' },
  }, async (req) => listReports(ctx, requireActor(req), req.query));

  api.post('/messages/:id/remove', {
    schema: { tags, summary: 'Remove a message of the church (audited; its reports are resolved)', params: idParams, response: { 204: z.null() } },
    config: { requires: 'messages:moderate' },
  }, async (req, reply) => {
    await removeMessage(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });

  api.get('/me/message-settings', {
    schema: { tags, summary: 'Whether unread messages are mailed as a digest', response: { 200: messageSettings } },
    config: use,
  }, async (req) => digestSetting(ctx, requireActor(req).id));

  api.put('/me/message-settings', {
    schema: { tags, summary: 'Turn the unread-messages digest mail on or off', body: messageSettings, response: { 200: messageSettings } },
    config: use,
  }, async (req) => setDigest(ctx, requireActor(req).id, req.body.digest));

  api.get('/me/blocks', {
    schema: { tags, summary: 'People the actor has blocked', response: { 200: contactList } },
    config: use,
  }, async (req) => ({ items: await blockedPeople(ctx, requireActor(req)) }));

  api.put('/me/blocks/:id', {
    schema: { tags, summary: 'Block a person: no direct messages between you', params: idParams, response: { 204: z.null() } },
    config: use,
  }, async (req, reply) => {
    await block(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });

  api.delete('/me/blocks/:id', {
    schema: { tags, summary: 'Unblock a person', params: idParams, response: { 204: z.null() } },
    config: use,
  }, async (req, reply) => {
    await unblock(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });
}

import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES_PER_MINUTE } from '@app/shared';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser, sessionCookie } from '../../../test/helpers/factories';
import { auditLog, messages, messageTranslations } from '../../db/schema';
import { DemoTranslator } from '../../providers/translation/demo-translator';

const s = useCastApp();
let n = 0;
const fresh = (text: string, language = 'en') => ({ text, language, clientId: `client-${++n}-${Date.now()}` });

async function pair() {
  const { db } = s.t.ctx;
  const staff = await buildUser(db, 'staff', { churchId: s.cast.church.id });
  const member = await buildUser(db, 'member', { churchId: s.cast.church.id });
  const staffCookie = await sessionCookie(db, staff.id);
  const memberCookie = await sessionCookie(db, member.id);
  const id = (await s.call('POST', '/conversations', memberCookie, { userId: staff.id })).json().id as string;
  return { staff, member, staffCookie, memberCookie, id };
}

describe('sending', () => {
  it('stores a resend with the same clientId once', async () => {
    const { memberCookie, id } = await pair();
    const body = fresh('Olá, pastor');
    const first = await s.call('POST', `/conversations/${id}/messages`, memberCookie, body);
    const second = await s.call('POST', `/conversations/${id}/messages`, memberCookie, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(await s.t.ctx.db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(1);
  });

  it('refuses an empty text and one over 4,000 characters, and stores text as text', async () => {
    const { memberCookie, staffCookie, id } = await pair();
    expect((await s.call('POST', `/conversations/${id}/messages`, memberCookie, fresh('   '))).statusCode).toBe(400);
    expect((await s.call('POST', `/conversations/${id}/messages`, memberCookie, fresh('x'.repeat(4001)))).statusCode).toBe(400);
    await s.call('POST', `/conversations/${id}/messages`, memberCookie, fresh('<b>hi</b> https://example.com'));
    expect((await s.call('GET', `/conversations/${id}/messages`, staffCookie)).json().items[0].text).toBe('<b>hi</b> https://example.com');
  });

  it(`allows ${MESSAGES_PER_MINUTE} messages a minute per person`, async () => {
    const { staffCookie, id } = await pair();
    const codes: number[] = [];
    for (let i = 0; i <= MESSAGES_PER_MINUTE; i++) codes.push((await s.call('POST', `/conversations/${id}/messages`, staffCookie, fresh(`m${i}`))).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MESSAGES_PER_MINUTE);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('history pages', () => {
  it('answers pages newest last with a cursor', async () => {
    const { staffCookie, memberCookie, id } = await pair();
    for (const text of ['a', 'b', 'c', 'd', 'e']) await s.call('POST', `/conversations/${id}/messages`, memberCookie, fresh(text));
    const last = (await s.call('GET', `/conversations/${id}/messages?limit=2`, staffCookie)).json();
    expect(last.items.map((m: { text: string }) => m.text)).toEqual(['d', 'e']);
    expect(last.hasMore).toBe(true);
    const before = (await s.call('GET', `/conversations/${id}/messages?limit=3&before=${last.items[0].seq}`, staffCookie)).json();
    expect(before.items.map((m: { text: string }) => m.text)).toEqual(['a', 'b', 'c']);
    expect(before.hasMore).toBe(false);
  });
});

describe('translation for each reader', () => {
  it('translates into the reader\'s language once and stores it; the writer and a reader with translation off get none', async () => {
    const spy = vi.spyOn(DemoTranslator.prototype, 'translate');
    const { staffCookie, memberCookie, id } = await pair();
    const sent = (await s.call('POST', `/conversations/${id}/messages`, memberCookie, fresh('Obrigado pela mensagem', 'pt'))).json();
    expect(sent).toMatchObject({ language: 'pt', translation: null });
    spy.mockClear();
    for (let i = 0; i < 3; i++) {
      const page = (await s.call('GET', `/conversations/${id}/messages?lang=en`, staffCookie)).json();
      expect(page.items[0]).toMatchObject({ text: 'Obrigado pela mensagem', language: 'pt', translation: { language: 'en', text: '[EN demo] Obrigado pela mensagem' } });
    }
    // The conversation list's last message reads the same stored translation (no second call).
    for (let i = 0; i < 2; i++) {
      const list = (await s.call('GET', '/conversations?lang=en', staffCookie)).json();
      expect(list.items.find((c: { id: string }) => c.id === id).lastMessage).toMatchObject({ id: sent.id, translation: { language: 'en', text: '[EN demo] Obrigado pela mensagem' } });
    }
    expect(spy).toHaveBeenCalledTimes(1);
    expect(await s.t.ctx.db.select().from(messageTranslations).where(eq(messageTranslations.messageId, sent.id))).toHaveLength(1);
    expect((await s.call('GET', `/conversations/${id}/messages?lang=pt`, memberCookie)).json().items[0].translation).toBeNull();
    expect((await s.call('GET', `/conversations/${id}/messages`, staffCookie)).json().items[0].translation).toBeNull();
    // Chinese readers get the translator's Simplified Chinese.
    expect((await s.call('GET', `/conversations/${id}/messages?lang=zh`, staffCookie)).json().items[0].translation.text).toBe('[ZH-HANS demo] Obrigado pela mensagem');
    spy.mockRestore();
  });

  it('applies the church glossary as the live pipeline does: names kept, fixed terms in the church\'s words', async () => {
    const { staffCookie, memberCookie, id } = await pair();
    await s.call('POST', `/churches/${s.cast.church.id}/glossary`, s.cast.churchAdmin.cookie, { term: 'Harbour City Church', kind: 'keep' });
    await s.call('POST', `/churches/${s.cast.church.id}/glossary`, s.cast.churchAdmin.cookie, { term: 'grace', kind: 'fixed', translations: { pt: 'graça divina', es: 'gracia' } });
    await s.call('POST', `/conversations/${id}/messages`, staffCookie, fresh('Welcome to Harbour City Church, grace to you'));
    const read = (await s.call('GET', `/conversations/${id}/messages?lang=pt`, memberCookie)).json().items[0];
    expect(read.translation.text).toContain('Harbour City Church');
    expect(read.translation.text).toContain('graça divina');
  });
});

describe('edit and delete', () => {
  it('edits own messages within 15 minutes (translations redone), deletes leaving "message deleted"; others\' answer 404', async () => {
    const { staffCookie, memberCookie, id } = await pair();
    const sent = (await s.call('POST', `/conversations/${id}/messages`, memberCookie, fresh('Ola', 'pt'))).json();
    await s.call('GET', `/conversations/${id}/messages?lang=en`, staffCookie);
    expect((await s.call('PATCH', `/messages/${sent.id}`, staffCookie, { text: 'hijack' })).statusCode).toBe(404);
    const edited = await s.call('PATCH', `/messages/${sent.id}`, memberCookie, { text: 'Olá' });
    expect(edited.json()).toMatchObject({ text: 'Olá', editedAt: expect.any(String) });
    expect((await s.call('GET', `/conversations/${id}/messages?lang=en`, staffCookie)).json().items[0].translation.text).toBe('[EN demo] Olá');
    await s.t.ctx.db.update(messages).set({ createdAt: new Date(Date.now() - 16 * 60_000) }).where(eq(messages.id, sent.id));
    expect((await s.call('PATCH', `/messages/${sent.id}`, memberCookie, { text: 'late' })).statusCode).toBe(409);
    expect((await s.call('DELETE', `/messages/${sent.id}`, staffCookie)).statusCode).toBe(404);
    expect((await s.call('DELETE', `/messages/${sent.id}`, memberCookie)).statusCode).toBe(204);
    expect((await s.call('GET', `/conversations/${id}/messages?lang=en`, staffCookie)).json().items[0]).toMatchObject({ state: 'deleted', text: null, translation: null });
  });
});

describe('safety', () => {
  it('a blocked person cannot write directly', async () => {
    const { staff, staffCookie, memberCookie, id } = await pair();
    expect((await s.call('PUT', `/me/blocks/${staff.id}`, memberCookie)).statusCode).toBe(204);
    const res = await s.call('POST', `/conversations/${id}/messages`, staffCookie, fresh('Are you there?'));
    expect(res.statusCode).toBe(403);
    expect((await s.call('GET', `/conversations/${id}`, staffCookie)).json()).toMatchObject({ canPost: false, blockedByYou: false });
    expect((await s.call('GET', `/conversations/${id}`, memberCookie)).json()).toMatchObject({ canPost: false, blockedByYou: true });
    expect((await s.call('GET', '/me/blocks', memberCookie)).json().items.map((p: { id: string }) => p.id)).toEqual([staff.id]);
    expect((await s.call('PUT', `/me/blocks/${s.cast.otherMember.user.id}`, memberCookie)).statusCode).toBe(404);
    await s.call('DELETE', `/me/blocks/${staff.id}`, memberCookie);
    expect((await s.call('POST', `/conversations/${id}/messages`, staffCookie, fresh('Are you there?'))).statusCode).toBe(201);
  });

  it('a reported message is listed for the church\'s administrators and removed by one, audited', async () => {
    const { staffCookie, memberCookie, id } = await pair();
    const bad = (await s.call('POST', `/conversations/${id}/messages`, staffCookie, fresh('rude words'))).json();
    expect((await s.call('POST', `/messages/${bad.id}/report`, s.cast.otherAdmin.cookie, { reason: 'x' })).statusCode).toBe(404);
    expect((await s.call('POST', `/messages/${bad.id}/report`, memberCookie, { reason: 'Rude' })).statusCode).toBe(204);
    expect((await s.call('GET', '/message-reports', memberCookie)).statusCode).toBe(403);
    expect((await s.call('GET', '/message-reports', s.cast.otherAdmin.cookie)).json().items).toHaveLength(0);
    const reports = (await s.call('GET', '/message-reports', s.cast.churchAdmin.cookie)).json();
    expect(reports.items[0]).toMatchObject({ messageId: bad.id, reason: 'Rude', message: { text: 'rude words' }, resolvedAt: null });
    expect((await s.call('POST', `/messages/${bad.id}/remove`, s.cast.otherAdmin.cookie)).statusCode).toBe(404);
    expect((await s.call('POST', `/messages/${bad.id}/remove`, s.cast.staff.cookie)).statusCode).toBe(403);
    expect((await s.call('POST', `/messages/${bad.id}/remove`, s.cast.churchAdmin.cookie)).statusCode).toBe(204);
    expect((await s.call('GET', `/conversations/${id}/messages`, memberCookie)).json().items[0]).toMatchObject({ state: 'removed', text: null });
    expect(await s.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, bad.id), eq(auditLog.action, 'message.removed')))).toHaveLength(1);
    expect((await s.call('GET', '/message-reports', s.cast.churchAdmin.cookie)).json().items[0].resolvedAt).not.toBeNull();
  });
});

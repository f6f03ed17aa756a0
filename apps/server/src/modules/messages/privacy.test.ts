import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser, sessionCookie } from '../../../test/helpers/factories';
import { messages, messageTranslations } from '../../db/schema';
import { runPrivacyJobs } from '../privacy/privacy-jobs';

const s = useCastApp();
let n = 0;
const fresh = (text: string, language = 'pt') => ({ text, language, clientId: `privacy-${++n}-${Date.now()}` });

describe('a person\'s messages and their privacy', () => {
  it('/me/export has the person\'s own messages; the purge empties them and they show "Deleted account"', async () => {
    const { db } = s.t.ctx;
    const member = await buildUser(db, 'member', { churchId: s.cast.church.id });
    const cookie = await sessionCookie(db, member.id);
    const id = (await s.call('POST', '/conversations', cookie, { userId: s.cast.staff.user.id })).json().id;
    await s.call('POST', `/conversations/${id}/messages`, cookie, fresh('A minha morada é Rua Quixotic 12'));
    await s.call('POST', `/conversations/${id}/messages`, s.cast.staff.cookie, fresh('Thanks, noted', 'en'));
    await s.call('GET', `/conversations/${id}/messages?lang=en`, s.cast.staff.cookie);

    const exported = (await s.call('GET', '/me/export', cookie)).json();
    expect(exported.messages).toEqual([expect.objectContaining({ conversationId: id, text: 'A minha morada é Rua Quixotic 12', language: 'pt', state: 'normal' })]);

    const request = (await s.call('POST', '/me/deletion-request', cookie, { reason: 'privacy_concerns' })).json();
    expect((await s.call('POST', `/deletion-requests/${request.id}/approve`, s.cast.churchAdmin.cookie)).statusCode).toBe(200);
    expect((await runPrivacyJobs(s.t.ctx, new Date(Date.now() + 60 * 60_000))).purged).toBeGreaterThanOrEqual(1);

    const stored = await db.select().from(messages).where(eq(messages.senderId, member.id));
    expect(stored.map((m) => m.text)).toEqual([null]);
    expect(await db.select().from(messageTranslations).where(eq(messageTranslations.messageId, stored[0]!.id))).toHaveLength(0);
    const page = (await s.call('GET', `/conversations/${id}/messages?lang=en`, s.cast.staff.cookie)).json();
    expect(page.items.map((m: { state: string; text: string | null; sender: unknown }) => [m.state, m.text, m.sender === null])).toEqual([
      ['account_deleted', null, true],
      ['normal', 'Thanks, noted', false],
    ]);
    const list = (await s.call('GET', '/conversations', s.cast.staff.cookie)).json();
    expect(list.items.find((c: { id: string }) => c.id === id)).toMatchObject({ other: null, canPost: false });
  });
});

import { describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser, sessionCookie } from '../../../test/helpers/factories';
import { outboxFor } from '../auth/test-outbox';
import { runMessageDigest } from './digest';

const s = useCastApp();
let n = 0;
const fresh = (text: string) => ({ text, language: 'en', clientId: `digest-${++n}-${Date.now()}` });
const MINUTE = 60_000;

describe('the unread messages digest', () => {
  it('mails unread messages older than 15 minutes once, in the person\'s language, unless turned off', async () => {
    const { db } = s.t.ctx;
    const reader = await buildUser(db, 'member', { churchId: s.cast.church.id, primaryLanguage: 'portuguese', firstName: 'Joana' });
    const quiet = await buildUser(db, 'member', { churchId: s.cast.church.id });
    const quietCookie = await sessionCookie(db, quiet.id);
    expect((await s.call('GET', '/me/message-settings', quietCookie)).json()).toEqual({ digest: true });
    expect((await s.call('PUT', '/me/message-settings', quietCookie, { digest: false })).json()).toEqual({ digest: false });
    for (const person of [reader, quiet]) {
      const id = (await s.call('POST', '/conversations', s.cast.staff.cookie, { userId: person.id })).json().id;
      await s.call('POST', `/conversations/${id}/messages`, s.cast.staff.cookie, fresh('Welcome to the church!'));
      await s.call('POST', `/conversations/${id}/messages`, s.cast.staff.cookie, fresh('Coffee on Sunday?'));
    }

    expect((await runMessageDigest(s.t.ctx)).mailed).toBe(0);
    const later = new Date(Date.now() + 16 * MINUTE);
    expect((await runMessageDigest(s.t.ctx, later)).mailed).toBe(1);
    const [mail] = await outboxFor(s.t.config.DATA_DIR, reader.email);
    expect(mail).toMatchObject({ subject: 'Você tem 2 mensagens não lidas' });
    expect(mail!.text).toContain(`${s.cast.staff.user.firstName} ${s.cast.staff.user.lastName}`);
    expect(mail!.text).toMatch(/\/messages/);
    // Once: a second run mails nothing more.
    expect((await runMessageDigest(s.t.ctx, new Date(later.getTime() + 10 * MINUTE))).mailed).toBe(0);
    expect(await outboxFor(s.t.config.DATA_DIR, quiet.email, 1, 200)).toHaveLength(0);
  });
});

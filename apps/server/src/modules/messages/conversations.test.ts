import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser, sessionCookie } from '../../../test/helpers/factories';
import { auditLog } from '../../db/schema';

const s = useCastApp();
const direct = async (cookie: string, userId: string) => s.call('POST', '/conversations', cookie, { userId });
let n = 0;
const say = (cookie: string, id: string, text: string, language = 'en') =>
  s.call('POST', `/conversations/${id}/messages`, cookie, { text, language, clientId: `client-${++n}-${Date.now()}` });

describe('direct conversations', () => {
  it('lets a member start one with staff, returns the same one the second time, and refuses member to member', async () => {
    const { cast } = s;
    const first = await direct(cast.member.cookie, cast.staff.user.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ kind: 'direct', other: { id: cast.staff.user.id }, unread: 0, canPost: true });
    const again = await direct(cast.staff.cookie, cast.member.user.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const otherMember = await buildUser(s.t.ctx.db, 'member', { churchId: cast.church.id });
    expect((await direct(cast.member.cookie, otherMember.id)).statusCode).toBe(403);
    // Staff and administrators write to anyone of their church.
    expect((await direct(cast.staff.cookie, otherMember.id)).statusCode).toBe(201);
  });

  it("answers 404 for another church's person, and for a made-up or not-one's-own conversation", async () => {
    const { cast } = s;
    expect((await direct(cast.member.cookie, cast.otherStaff.user.id)).statusCode).toBe(404);
    expect((await direct(cast.churchAdmin.cookie, cast.otherMember.user.id)).statusCode).toBe(404);
    const theirs = (await direct(cast.otherMember.cookie, cast.otherStaff.user.id)).json();
    for (const url of [`/conversations/${theirs.id}`, `/conversations/${theirs.id}/messages`, '/conversations/00000000-0000-4000-8000-000000000000']) {
      expect((await s.call('GET', url, cast.churchAdmin.cookie)).statusCode).toBe(404);
    }
    expect((await say(cast.churchAdmin.cookie, theirs.id, 'hello')).statusCode).toBe(404);
    const listed = (await s.call('GET', '/conversations', cast.otherMember.cookie)).json();
    expect(listed.items.map((c: { id: string }) => c.id)).toEqual([theirs.id]);
    expect(listed.total).toBe(1);
    // Platform administrators write to anyone.
    expect((await direct(cast.platformAdmin.cookie, cast.otherMember.user.id)).statusCode).toBe(201);
  });

  it('finds contacts by name, and a search holding a NUL character as if it were not there (no 500)', async () => {
    const { cast } = s;
    const name = cast.staff.user.firstName;
    const plain = (await s.call('GET', `/conversations/contacts?q=${encodeURIComponent(name)}`, cast.member.cookie)).json();
    expect(plain.items.map((p: { id: string }) => p.id)).toContain(cast.staff.user.id);
    for (const q of ['%00', `${encodeURIComponent(name)}%00`]) {
      const res = await s.call('GET', `/conversations/contacts?q=${q}`, cast.member.cookie);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().items.map((p: { id: string }) => p.id), q).toContain(cast.staff.user.id);
    }
    // The list machinery's searches take the same path.
    expect((await s.call('GET', '/users?q=%00', cast.churchAdmin.cookie)).statusCode).toBe(200);
  });

  it('needs a sign-in', async () => {
    expect((await s.t.app.inject({ method: 'GET', url: '/api/v1/conversations' })).statusCode).toBe(401);
  });
});

describe('groups', () => {
  it('are created by administrators with members of their own church only; members may not create them', async () => {
    const { cast } = s;
    const body = { name: 'Welcome team', memberIds: [cast.staff.user.id, cast.member.user.id], kind: 'group' };
    expect((await s.call('POST', '/conversations', cast.member.cookie, body)).statusCode).toBe(403);
    expect((await s.call('POST', '/conversations', cast.staff.cookie, body)).statusCode).toBe(403);
    expect((await s.call('POST', '/conversations', cast.churchAdmin.cookie, { ...body, memberIds: [cast.otherMember.user.id] })).statusCode).toBe(404);
    const made = await s.call('POST', '/conversations', cast.churchAdmin.cookie, body);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ kind: 'group', name: 'Welcome team', memberCount: 3, canPost: true });
    const audit = await s.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, made.json().id), eq(auditLog.action, 'conversation.created')));
    expect(audit).toHaveLength(1);
    expect((await say(cast.member.cookie, made.json().id, 'Count me in')).statusCode).toBe(201);
  });

  it('announcements: staff and administrators post, members read but may not post', async () => {
    const { cast } = s;
    const made = (await s.call('POST', '/conversations', cast.churchAdmin.cookie, { name: 'Notices', memberIds: [cast.staff.user.id, cast.member.user.id], kind: 'announcements' })).json();
    const asMember = (await s.call('GET', `/conversations/${made.id}`, cast.member.cookie)).json();
    expect(asMember.canPost).toBe(false);
    expect((await say(cast.member.cookie, made.id, 'Me too')).statusCode).toBe(403);
    expect((await say(cast.staff.cookie, made.id, 'Picnic on Sunday')).statusCode).toBe(201);
    const list = (await s.call('GET', '/conversations', cast.member.cookie)).json();
    expect(list.items.find((c: { id: string }) => c.id === made.id)).toMatchObject({ unread: 1, lastMessage: { text: 'Picnic on Sunday' } });
  });
});

describe('unread counts and read marks', () => {
  it('count others\' messages above the read mark, and the other side sees how far it was read', async () => {
    const { cast } = s;
    const admin = await buildUser(s.t.ctx.db, 'church_admin', { churchId: cast.church.id });
    const member = await buildUser(s.t.ctx.db, 'member', { churchId: cast.church.id });
    const [adminCookie, memberCookie] = [await sessionCookie(s.t.ctx.db, admin.id), await sessionCookie(s.t.ctx.db, member.id)];
    const c = (await direct(memberCookie, admin.id)).json();
    await say(memberCookie, c.id, 'one');
    const last = (await say(memberCookie, c.id, 'two')).json();
    expect((await s.call('GET', '/conversations/unread', adminCookie)).json()).toEqual({ unread: 2 });
    expect((await s.call('GET', '/conversations/unread', memberCookie)).json()).toEqual({ unread: 0 });
    const read = await s.call('POST', `/conversations/${c.id}/read`, adminCookie, { upTo: last.seq });
    expect(read.json()).toEqual({ unread: 0 });
    expect((await s.call('GET', `/conversations/${c.id}`, memberCookie)).json().othersReadUpTo).toBe(last.seq);
  });
});

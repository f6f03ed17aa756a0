import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatEvents } from '@app/shared';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser, sessionCookie } from '../../../test/helpers/factories';
import { auditLog } from '../../db/schema';
import { setChatHub } from '../../live/chat/chat-hub';

const s = useCastApp();
let n = 0;
const say = (cookie: string, id: string, text: string) =>
  s.call('POST', `/conversations/${id}/messages`, cookie, { text, language: 'en', clientId: `client-${++n}-${Date.now()}` });
const add = (cookie: string, id: string, memberIds: string[]) => s.call('POST', `/conversations/${id}/members`, cookie, { memberIds });
const newGroup = async (cookie: string, memberIds: string[], kind: 'group' | 'announcements' = 'group') =>
  (await s.call('POST', '/conversations', cookie, { name: `Group ${++n}`, memberIds, kind })).json() as { id: string };

const sent: Array<{ userIds: readonly string[]; event: string; payload: unknown }> = [];
beforeAll(() => {
  setChatHub(s.t.ctx, { toUsers: (userIds, event, payload) => void sent.push({ userIds, event, payload }) });
});

describe('adding people to a group', () => {
  it('lets a church administrator add people, who see the group with its history already read', async () => {
    const { cast } = s;
    const group = await newGroup(cast.churchAdmin.cookie, [cast.staff.user.id]);
    await say(cast.staff.cookie, group.id, 'Rehearsal at six');
    await say(cast.churchAdmin.cookie, group.id, 'Thanks');
    const newcomer = await buildUser(s.t.ctx.db, 'member', { churchId: cast.church.id });
    const newcomerCookie = await sessionCookie(s.t.ctx.db, newcomer.id);
    sent.length = 0;

    const added = await add(cast.churchAdmin.cookie, group.id, [cast.member.user.id, newcomer.id]);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id: group.id, kind: 'group', memberCount: 4 });

    for (const cookie of [cast.member.cookie, newcomerCookie]) {
      const listed = (await s.call('GET', '/conversations', cookie)).json();
      expect(listed.items.find((c: { id: string }) => c.id === group.id)).toMatchObject({ unread: 0, lastMessage: { text: 'Thanks' } });
      const history = (await s.call('GET', `/conversations/${group.id}/messages`, cookie)).json();
      expect(history.items.map((m: { text: string }) => m.text)).toEqual(['Rehearsal at six', 'Thanks']);
    }
    // What is written after they joined is unread for them.
    await say(cast.staff.cookie, group.id, 'Welcome!');
    expect((await s.call('GET', `/conversations/${group.id}`, newcomerCookie)).json().unread).toBe(1);

    const audit = await s.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, group.id), eq(auditLog.action, 'conversation.members_added')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ count: 2 });
    // Newcomers and the people already there hear of it (their member counts change).
    const told = sent.filter((e) => e.event === chatEvents.conversation);
    expect(told).toHaveLength(1);
    expect([...told[0]!.userIds].sort()).toEqual([cast.churchAdmin.user.id, cast.staff.user.id, cast.member.user.id, newcomer.id].sort());
    expect(told[0]!.payload).toEqual({ conversationId: group.id });
  });

  it('leaves people already in the group as they are', async () => {
    const { cast } = s;
    const group = await newGroup(cast.churchAdmin.cookie, [cast.staff.user.id], 'announcements');
    await say(cast.staff.cookie, group.id, 'Picnic on Sunday');
    const again = await add(cast.churchAdmin.cookie, group.id, [cast.staff.user.id, cast.member.user.id]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ kind: 'announcements', memberCount: 3 });
    // The staff member's unread message is still unread: their read mark did not move.
    expect((await s.call('GET', `/conversations/${group.id}`, cast.churchAdmin.cookie)).json().unread).toBe(1);
    sent.length = 0;
    const nothingNew = await add(cast.churchAdmin.cookie, group.id, [cast.member.user.id]);
    expect(nothingNew.statusCode).toBe(200);
    expect(nothingNew.json().memberCount).toBe(3);
    expect(sent).toHaveLength(0);
    const audit = await s.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, group.id), eq(auditLog.action, 'conversation.members_added')));
    expect(audit.map((a) => a.details)).toEqual([expect.objectContaining({ count: 1 })]);
  });

  it('lets a platform administrator in the group add people of the group\'s church', async () => {
    const { cast } = s;
    const group = await newGroup(cast.platformAdmin.cookie, [cast.churchAdmin.user.id]);
    expect((await add(cast.platformAdmin.cookie, group.id, [cast.otherMember.user.id])).statusCode).toBe(404);
    expect((await add(cast.platformAdmin.cookie, group.id, [cast.member.user.id])).json().memberCount).toBe(3);
  });

  it('refuses members and staff of the group with 403', async () => {
    const { cast } = s;
    const group = await newGroup(cast.churchAdmin.cookie, [cast.staff.user.id, cast.member.user.id]);
    const newcomer = await buildUser(s.t.ctx.db, 'member', { churchId: cast.church.id });
    for (const cookie of [cast.member.cookie, cast.staff.cookie]) {
      const refused = await add(cookie, group.id, [newcomer.id]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe('Only administrators add people to a group');
    }
  });

  it("answers 404 for another church's administrator, a made-up conversation and another church's person", async () => {
    const { cast } = s;
    const group = await newGroup(cast.churchAdmin.cookie, [cast.staff.user.id]);
    expect((await add(cast.otherAdmin.cookie, group.id, [cast.otherMember.user.id])).statusCode).toBe(404);
    expect((await add(cast.churchAdmin.cookie, '00000000-0000-4000-8000-000000000000', [cast.member.user.id])).statusCode).toBe(404);
    const theirs = await add(cast.churchAdmin.cookie, group.id, [cast.member.user.id, cast.otherMember.user.id]);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe('Person not found');
    // Nobody was added: the request is all or nothing.
    expect((await s.call('GET', `/conversations/${group.id}`, cast.churchAdmin.cookie)).json().memberCount).toBe(2);
  });

  it('answers 409 for a direct conversation, and 400 for an empty list', async () => {
    const { cast } = s;
    const direct = (await s.call('POST', '/conversations', cast.churchAdmin.cookie, { userId: cast.staff.user.id })).json();
    const refused = await add(cast.churchAdmin.cookie, direct.id, [cast.member.user.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('People cannot be added to a direct conversation');
    const group = await newGroup(cast.churchAdmin.cookie, [cast.staff.user.id]);
    expect((await add(cast.churchAdmin.cookie, group.id, [])).statusCode).toBe(400);
  });
});

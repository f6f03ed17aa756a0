import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@app/shared';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubApiEachTest } from '../../../test/stub-fetch';
import { ChatThread } from './chat-thread';

// jsdom has no document.fonts, which Mantine's autosizing textarea (the composer) listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

describe('adding people to a group', { timeout: 20_000 }, () => {
  const id = '5e0c1d2a-3b4c-4d5e-8f60-718293a4b5c6';
  const ruth = { id: '6f1d2e3b-4c5d-4e6f-8071-8293a4b5c6d7', name: 'Ruth Silva', role: 'member', photoUrl: null };
  const group = (over: Partial<ConversationSummary> = {}): ConversationSummary => ({
    id, kind: 'group', name: 'Welcome team', other: null, memberCount: 3, canPost: true, blockedByYou: false,
    lastMessage: null, unread: 0, othersReadUpTo: 0, lastMessageAt: null, ...over,
  });
  const { handlers, calls } = stubApiEachTest(() => ({
    [`GET /api/v1/conversations/${id}?lang=en`]: () => jsonResponse(200, group()),
    [`GET /api/v1/conversations/${id}/messages?limit=50&lang=en`]: () => jsonResponse(200, { items: [], hasMore: false }),
    'GET /api/v1/conversations/contacts?q=': () => jsonResponse(200, { items: [ruth] }),
    [`POST /api/v1/conversations/${id}/members`]: () => jsonResponse(200, group({ memberCount: 4 })),
  }));
  beforeEach(() => localStorage.setItem('userType', '2'));

  const open = () => renderScreen([{ path: '/', element: <ChatThread conversationId={id} /> }], '/');
  const pickRuth = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Add people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add people' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Ruth Silva' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    return dialog;
  };

  it('lets an administrator pick people with the group\'s people picker and add them', async () => {
    await open();
    await pickRuth();
    expect(await screen.findByText('Added 1 person')).toBeTruthy();
    expect(JSON.parse(String(calls(`POST /api/v1/conversations/${id}/members`)[0]![1]!.body))).toEqual({ memberIds: [ruth.id] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add people' })).toBeNull());
    // The conversation is read again (its member count changed).
    await waitFor(() => expect(calls(`GET /api/v1/conversations/${id}?lang=en`).length).toBeGreaterThan(1));
  });

  it('shows a refusal inside the dialog', async () => {
    handlers[`POST /api/v1/conversations/${id}/members`] = () => jsonResponse(404, { code: 'not_found', status: 404, detail: 'Person not found' });
    await open();
    const dialog = await pickRuth();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This could not be found.');
  });

  it('is not offered to members, nor in a direct conversation', async () => {
    localStorage.setItem('userType', '4');
    const first = await open();
    expect(await screen.findByRole('heading', { name: 'Welcome team' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add people' })).toBeNull();
    first.unmount();
    localStorage.setItem('userType', '2');
    handlers[`GET /api/v1/conversations/${id}?lang=en`] = () =>
      jsonResponse(200, group({ kind: 'direct', name: 'Ruth Silva', other: ruth, memberCount: 2 }));
    await open();
    expect(await screen.findByRole('heading', { name: 'Ruth Silva' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add people' })).toBeNull();
  });
});

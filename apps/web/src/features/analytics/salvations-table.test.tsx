import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FollowUp, SalvationItem } from '@app/shared';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubFetchEachTest } from '../../test/stub-fetch';
import { FollowUpsPage } from '../follow-ups/follow-ups-page';
import { SalvationsTable } from './components/analytics-tables';

const CHURCH = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const ADMIN = '1c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const RINA = '2c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const decision = (n: number, over: Partial<SalvationItem>): SalvationItem => ({
  id: `aaaaaaaa-aaaa-4aaa-8aaa-00000000000${n}`, name: null, contact: null, isGuest: true, language: 'pt', createdAt: '2026-11-22T23:40:00.000Z',
  churchId: CHURCH, churchName: 'Harbour City Church', sermonId: 'bbbbbbbb-bbbb-4bbb-8bbb-000000000001', sermonStartedAt: '2026-11-22T23:00:00.000Z',
  sermonHostName: 'Samuel Staff', sermonTitle: 'Sunday service', followUpId: `cccccccc-cccc-4ccc-8ccc-00000000000${n}`, followUpStatus: 'new',
  assignedToId: RINA, assignedToName: 'Rina Staff', ...over,
});
const followUp: FollowUp = {
  id: 'cccccccc-cccc-4ccc-8ccc-000000000001', salvationId: 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001', status: 'new', notes: '', name: 'Ana Lima',
  contact: '+61 400 000 000', email: null, language: 'pt', churchId: CHURCH, churchName: 'Harbour City Church', assignedToId: RINA,
  assignedToName: 'Rina Staff', createdAt: '2026-11-22T23:40:00.000Z', updatedAt: '2026-11-22T23:40:00.000Z',
};

describe('the decisions list in analytics, on a phone', { timeout: 30_000 }, () => {
  // A phone's width: the list is cards (jsdom lays out no table columns).
  const wide = window.matchMedia;
  beforeAll(() => {
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width: 48em') });
    // The follow-up's notes grow with their text, measured again once fonts load: jsdom has no fonts.
    if (!document.fonts) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
  });
  afterAll(() => { window.matchMedia = wide; });
  const fetchMock = stubFetchEachTest();
  const patches: unknown[] = [];
  const serve = () => fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(String(url), 'http://app.test');
    if (pathname === '/api/v1/analytics/salvations') {
      return jsonResponse(200, { items: [decision(1, { name: 'Ana Lima' }), decision(2, { sermonTitle: null, followUpStatus: 'contacted', assignedToId: ADMIN })], total: 2, page: 1, pageSize: 20 });
    }
    if (pathname === `/api/v1/follow-ups/${followUp.id}` && init?.method === 'PATCH') {
      patches.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { ...followUp, status: 'contacted' });
    }
    if (pathname === `/api/v1/follow-ups/${followUp.id}`) return jsonResponse(200, followUp);
    if (pathname === '/api/v1/follow-ups') return jsonResponse(200, { items: [followUp], total: 1, page: 1, pageSize: 20 });
    return jsonResponse(404, { code: 'not_found' });
  });
  // The list once its cards have come.
  const rows = async () => {
    const list = await screen.findByRole('list', { name: 'Accepted Jesus' });
    await within(list).findByText('Ana Lima');
    return list;
  };
  const card = (list: HTMLElement, name: string) => within(list).getAllByRole('listitem').find((li) => within(li).queryByText(name))!;
  const open = async () => {
    serve();
    return renderScreen([
      { path: '/analytics', element: <SalvationsTable isPlatform={false} /> },
      { path: '/follow-ups', element: <FollowUpsPage /> },
    ], '/analytics?tab=salvations');
  };

  it("names each person's sermon by its service and date before the preacher", async () => {
    localStorage.setItem('userType', '2');
    await open();
    const table = await rows();
    const ana = card(table, 'Ana Lima');
    expect(within(ana).getByRole('link', { name: /^Sunday service · .*2026 · Samuel Staff$/ })).toBeTruthy();
    // A sermon that was not a scheduled service: its preacher names it, with its day.
    const other = card(table, 'Anonymous');
    expect(within(other).getByRole('link', { name: /^Samuel Staff · .*2026$/ })).toBeTruthy();
  });

  it("lets an administrator open a person's follow-up from the list and move it forward", async () => {
    localStorage.setItem('userType', '2');
    const { router } = await open();
    const table = await rows();
    fireEvent.click(within(table).getByRole('link', { name: 'Open the follow-up of Ana Lima' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow-ups'));
    const dialog = await screen.findByRole('dialog', { name: 'Ana Lima' });
    expect(within(dialog).getByText(/\+61 400 000 000/)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Contacted'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toContainEqual({ status: 'contacted', notes: '' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('offers a staff member only the follow-ups assigned to them', async () => {
    localStorage.setItem('userType', '3');
    localStorage.setItem('userId', RINA);
    await open();
    const table = await rows();
    expect(within(table).getByRole('link', { name: 'Open the follow-up of Ana Lima' })).toBeTruthy();
    expect(within(table).queryByRole('link', { name: 'Open the follow-up of Anonymous' })).toBeNull();
  });
});

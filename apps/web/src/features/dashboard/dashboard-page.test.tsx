import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MyDashboard, Summary } from '@app/shared';
import { storeUser } from '../../lib/stored-user';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubApiEachTest } from '../../test/stub-fetch';
import { DashboardPage } from './dashboard-page';

const CHURCH = '11111111-1111-4111-8111-111111111111';
const summary: Summary = {
  churchId: CHURCH, timeZone: 'Australia/Sydney', from: '2026-11-22T13:00:00.000Z', to: '2026-11-29T13:00:00.000Z', bucket: 'day',
  members: 1234, newMembers: 56, importedMembers: 0, sermons: 7, liveNow: 1, listeners: 321, listenerMinutes: 9876,
  listenersByLanguage: [{ language: 'pt', listeners: 200, minutes: 6000 }, { language: 'id', listeners: 121, minutes: 3876 }],
  salvations: 3, feedback: 4, pendingDeletionRequests: 2,
  series: [{ at: '2026-11-23T00:00', listeners: 321, newMembers: 56, salvations: 3 }],
};
const mine: MyDashboard = {
  timeZone: 'Australia/Sydney',
  todaySermons: [{ id: '22222222-2222-4222-8222-222222222222', broadcastId: 'abcd1234', churchId: CHURCH, churchName: 'Hope', hostId: null, hostName: 'Pat Pastor', title: 'Sunday service', sourceLanguage: 'en', status: 'live', startedAt: '2026-11-23T00:00:00.000Z', endedAt: null, durationSeconds: null, listenersJoined: 3 }],
  mySermons: [], nextEvents: [], recentListening: [], acceptedJesusAt: null,
};

const render = () => renderScreen([{ path: '/dashboard', element: <DashboardPage /> }], '/dashboard');

describe('dashboard', () => {
  const { fetchMock } = stubApiEachTest(() => ({
    'GET /api/v1/churches/public': () => jsonResponse(200, [{ id: CHURCH, name: 'Hope', suburb: 'Sydney' }]),
    [`GET /api/v1/analytics/summary?range=week&churchId=${CHURCH}`]: () => jsonResponse(200, summary),
    [`GET /api/v1/analytics/summary?range=30d&churchId=${CHURCH}`]: () => jsonResponse(200, { ...summary, salvations: 9, importedMembers: 3 }),
    'GET /api/v1/analytics/my-dashboard': () => jsonResponse(200, mine),
  }));
  const summaryCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/analytics/summary')).length;

  it('shows the last 30 days at once, and keeps the applied filters in the URL', async () => {
    storeUser({ id: 'u1', email: 'admin@demo.church', firstName: 'Grace', lastName: 'Hopper', role: 'church_admin', churchId: CHURCH });
    const { router } = await render();
    // The first view is not empty: the church's last 30 days, before any filter is applied.
    expect(await screen.findByRole('link', { name: 'Accepted Jesus: 9' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText(/Nothing is loaded yet/)).toBeNull();
    // Its introduction says what is shown, not that nothing shows until filters are applied.
    expect(screen.getByText('The figures open on the last 30 days. To see another church or date range, choose it and press Apply filters.')).toBeTruthy();
    await waitFor(() => expect(screen.getByDisplayValue('Hope (your church)')).toBeTruthy());
    expect(screen.getByDisplayValue('Last 30 days')).toBeTruthy();
    expect(summaryCalls()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?range=30d&churchId=${CHURCH}`));
    expect(screen.getByText('1,234')).toBeTruthy();
    // People an import created are counted apart from the new members, and said to be (decision 052).
    expect(screen.getByText('+3 imported, not counted')).toBeTruthy();
    // The tile of pending deletion requests opens the requests to review, not the admin's own form.
    expect(screen.getByRole('link', { name: 'Deletion requests waiting: 2' }).getAttribute('href')).toBe('/deletion-requests');
  }, 30_000);

  it('shows a church admin without a church the "no church assigned" state', async () => {
    storeUser({ id: 'u1', email: 'admin@demo.church', firstName: 'Grace', lastName: 'Hopper', role: 'church_admin', churchId: null });
    await render();
    expect(await screen.findByText('No church assigned', undefined, { timeout: 15_000 })).toBeTruthy();
  }, 30_000);

  it("shows a member their church's live sermon with a Join button", async () => {
    storeUser({ id: 'u1', email: 'member@demo.church', firstName: 'Ana', lastName: 'Lima', role: 'member', churchId: CHURCH });
    await render();
    const join = await screen.findByRole('link', { name: "Join Pat Pastor's sermon" });
    // Named by its service before its preacher (the card shows the time).
    expect(screen.getByText('Sunday service · Pat Pastor')).toBeTruthy();
    expect(join.getAttribute('href')).toBe(`/join/abcd1234?churchId=${CHURCH}`);
    expect(screen.getByRole('button', { name: 'I accept Jesus' })).toBeTruthy();
  });
});

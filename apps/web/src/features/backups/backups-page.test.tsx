import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BackupEntry, BackupList } from '@app/shared';
import { storeUser } from '../../lib/stored-user';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubApiEachTest } from '../../test/stub-fetch';
import { BackupsPage } from './backups-page';

const entry = (id: string, at: string, over: Partial<BackupEntry>): BackupEntry => ({
  id, state: 'good', at, finishedAt: at, sizeBytes: 2_000_000, place: 'folder', location: `/data/backups/${id}`,
  trigger: 'schedule', catchUp: false, progress: 100, error: null, errorKind: null, startedBy: null, ...over,
});

const list: BackupList = {
  items: [
    entry('b.stbackup', '2026-11-22T15:00:05.000Z', {}),
    // The server's first start, hours after the daily time: it backed the day up at once.
    entry('a.stbackup', '2026-11-21T03:10:00.000Z', { catchUp: true }),
  ],
  schedule: { time: '02:00 Australia/Sydney', keep: 14, place: 'folder', location: '/data/backups' },
};

const signedInAs = (role: 'platform_admin' | 'church_admin') =>
  storeUser({ id: 'u1', email: 'someone@demo.church', firstName: 'Grace', lastName: 'Hopper', role, churchId: role === 'church_admin' ? 'c1' : null });

describe('the Backups list', () => {
  const { fetchMock } = stubApiEachTest(() => ({ 'GET /api/v1/backups': () => jsonResponse(200, list) }));

  it('names the backup taken when the server started for that, and the nightly one for the schedule', async () => {
    signedInAs('platform_admin');
    await renderScreen([{ path: '/backups', element: <BackupsPage /> }], '/backups');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Daily schedule')).toBeTruthy();
    expect(within(rows[1]!).getByText('When the server started')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Daily schedule')).toBeNull();
  }, 30_000);

  it('tells a church administrator first that the page is not theirs, with no button to press and nothing asked of the server', async () => {
    signedInAs('church_admin');
    await renderScreen([{ path: '/backups', element: <BackupsPage /> }], '/backups');
    expect(await screen.findByRole('heading', { name: 'This page is not for your role' })).toBeTruthy();
    expect(screen.getByText('Only platform administrators can use this page. Everything you can do is in your menu.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back up now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/backups'))).toHaveLength(0);
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BackupEntry, BackupList } from '@app/shared';
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

describe('the Backups list', () => {
  stubApiEachTest(() => ({ 'GET /api/v1/backups': () => jsonResponse(200, list) }));

  it('names the backup taken when the server started for that, and the nightly one for the schedule', async () => {
    await renderScreen([{ path: '/backups', element: <BackupsPage /> }], '/backups');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Daily schedule')).toBeTruthy();
    expect(within(rows[1]!).getByText('When the server started')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Daily schedule')).toBeNull();
  });
});

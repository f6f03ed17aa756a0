import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { BackupStatus } from '@app/shared';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubApiEachTest } from '../../test/stub-fetch';
import { BackupAlert } from './backup-alert';

let status: BackupStatus;
const render = () => renderScreen([{ path: '/dashboard', element: <BackupAlert /> }], '/dashboard');

describe("the platform dashboard's backup warning", () => {
  const { fetchMock } = stubApiEachTest(() => ({ 'GET /api/v1/backups/status': () => jsonResponse(200, status) }));

  it('says the last backup failed, why, and links to the Backups screen', async () => {
    status = { lastGoodAt: '2026-11-20T15:00:05.000Z', failed: { at: '2026-11-21T15:00:00.000Z', error: 'ENOSPC: no space left on device' } };
    await render();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('The last backup failed')).toBeTruthy();
    expect(screen.getByText('ENOSPC: no space left on device')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Backups' }).getAttribute('href')).toBe('/backups');
  });

  it('says nothing while the newest backup is good', async () => {
    status = { lastGoodAt: '2026-11-21T15:00:05.000Z', failed: null };
    await render();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/backups/status'))).toBe(true));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('The last backup failed')).toBeNull();
  });
});

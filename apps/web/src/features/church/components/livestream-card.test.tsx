import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChurchLanguage, LivestreamSettings } from '@app/shared';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubApiEachTest } from '../../../test/stub-fetch';
import { LivestreamCard } from './livestream-card';

const churchId = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const feedId = '7d6c5b4a-3928-4716-a5b4-c3d2e1f0a9b8';
const settings: LivestreamSettings = {
  feeds: [{ id: feedId, kind: 'youtube', language: 'pt', url: 'upload.youtube.com/…k3Y9', createdAt: '2026-11-24T00:00:00Z' }],
  overlay: { style: { languages: ['pt'], font: 'sans', size: 48, color: '#ffffff', background: 'box', position: 'bottom' }, url: '/overlay/abcdefghijklmnopqrstuvwxyz012345' },
};
const languages = [{ code: 'pt', name: 'Portuguese' }] as ChurchLanguage[];

describe('the livestream captions card', { timeout: 20_000 }, () => {
  const { handlers, calls } = stubApiEachTest(() => ({}));
  const removeUrl = `DELETE /api/v1/churches/${churchId}/livestream/feeds/${feedId}`;
  const open = () => renderScreen([{ path: '/church', element: <LivestreamCard churchId={churchId} settings={settings} languages={languages} /> }], '/church');

  it('asks before it stops sending a stream its captions, and does nothing on cancel', async () => {
    handlers[removeUrl] = () => jsonResponse(200, { ...settings, feeds: [] });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the Portuguese captions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop sending Portuguese captions?' });
    // The footer's Cancel (the × in the corner is named Cancel too).
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(removeUrl)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the Portuguese captions' }));
    const again = await screen.findByRole('dialog', { name: 'Stop sending Portuguese captions?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Stop sending' }));
    await waitFor(() => expect(calls(removeUrl)).toHaveLength(1));
  });
});

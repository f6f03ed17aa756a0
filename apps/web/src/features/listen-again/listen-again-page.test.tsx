import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { SermonTimeline } from '@app/shared';
import { storeUser } from '../../lib/stored-user';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubApiEachTest } from '../../test/stub-fetch';
import { ListenAgainPage } from './listen-again-page';

const SERMON = '22222222-2222-4222-8222-222222222222';
const CHURCH = '11111111-1111-4111-8111-111111111111';
const timeline = (language: string, languages: string[]): SermonTimeline => ({
  sermonId: SERMON, title: 'Sunday service', hostName: 'Samuel Staff', startedAt: '2026-11-22T00:00:00.000Z', status: 'ended', language, languages,
  lines: [{ seq: 1, at: 2, text: language === 'en' ? 'Grace and peace.' : 'Graça e paz.', audio: null }],
});
const render = (path: string) => renderScreen([{ path: '/sermons/:id/listen-again', element: <ListenAgainPage /> }], path);
const member = () => storeUser({ id: 'u1', email: 'member@demo.church', firstName: 'Ana', lastName: 'Lima', role: 'member', churchId: CHURCH });

describe('listen again', () => {
  const { handlers, calls } = stubApiEachTest(() => ({
    [`GET /api/v1/sermons/${SERMON}/timeline?lang=en`]: () => jsonResponse(200, timeline('en', ['pt', 'en'])),
    [`GET /api/v1/sermons/${SERMON}/timeline?lang=pt`]: () => jsonResponse(200, timeline('pt', ['pt', 'es'])),
  }));

  it('opened without ?lang shows the reader’s own language, and a member no recording link, offset or subtitle files', async () => {
    member();
    await render(`/sermons/${SERMON}/listen-again`);
    expect(await screen.findByText('Grace and peace.')).toBeTruthy();
    // Which sermon it is: the service's title, then its preacher.
    expect(screen.getByText('Sunday service · Samuel Staff')).toBeTruthy();
    expect(calls(`GET /api/v1/sermons/${SERMON}/timeline?lang=en`)).toHaveLength(1);
    expect(screen.queryByLabelText('Recording link')).toBeNull();
    expect(screen.queryByLabelText('Recording offset')).toBeNull();
    expect(screen.queryByText(/WebVTT/)).toBeNull();
  });

  it('falls back to the language it was preached in when the reader’s is not offered; staff get the media tools', async () => {
    handlers[`GET /api/v1/sermons/${SERMON}/timeline?lang=en`] = () => jsonResponse(200, timeline('en', ['pt', 'es']));
    storeUser({ id: 'u2', email: 'staff@demo.church', firstName: 'Sam', lastName: 'Staff', role: 'staff', churchId: CHURCH });
    const { router } = await render(`/sermons/${SERMON}/listen-again`);
    expect(await screen.findByText('Graça e paz.', undefined, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?lang=pt'));
    expect(screen.getByLabelText('Recording link')).toBeTruthy();
    expect(screen.getByLabelText('Recording offset')).toBeTruthy();
  });
});

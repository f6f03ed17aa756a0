import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Sermon } from '@app/shared';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubFetchEachTest } from '../../../test/stub-fetch';
import { ChurchSermonsPanel } from './church-sermons-panel';

const CHURCH = '11111111-1111-4111-8111-111111111111';
const sermon = (n: number, over: Partial<Sermon>): Sermon => ({
  id: `22222222-2222-4222-8222-00000000000${n}`, broadcastId: `b${n}`, churchId: CHURCH, churchName: 'Hope', hostId: null, hostName: 'Samuel Staff',
  title: null, sourceLanguage: 'en', status: 'ended', startedAt: `2026-11-0${n}T23:00:00.000Z`, endedAt: null, durationSeconds: 2880, listenersJoined: 40, ...over,
});

describe("the church's sermons on the speaker's screen", () => {
  const fetchMock = stubFetchEachTest();

  it('names each sermon by its service before its preacher, so one preacher’s sermons differ', async () => {
    fetchMock.mockImplementation(async (url) => {
      const status = new URL(String(url), 'http://app.test').searchParams.get('status');
      const items = status === 'live' ? [] : [sermon(8, { title: 'Come and Rest' }), sermon(1, { title: 'The Vine and the Branches' }), sermon(2, {})];
      return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 20 });
    });
    await renderScreen([{ path: '/', element: <ChurchSermonsPanel churchId={CHURCH} /> }], '/');
    const ended = (await screen.findByText('Come and Rest · Samuel Staff')).closest('table')!;
    expect(within(ended).getByRole('columnheader', { name: 'Sermon' })).toBeTruthy();
    expect(within(ended).getByText('The Vine and the Branches · Samuel Staff')).toBeTruthy();
    // Not a scheduled service: its preacher names it.
    expect(within(ended).getByText('Samuel Staff')).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveEvents, type ChurchLanguageLists, type Sermon, type SermonState, type SpeakerRecognition } from '@app/shared';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubFetchEachTest } from '../../../test/stub-fetch';
import { FakeLiveSocket } from '../lib/fake-live-socket';
import { GoLiveScreen } from './go-live-screen';

let socket: FakeLiveSocket;
vi.mock('../lib/live-socket', async (original) => ({
  ...(await original<typeof import('../lib/live-socket')>()),
  createLiveSocket: () => socket.asSocket(),
}));

const churchId = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const sermon: Sermon = {
  id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', broadcastId: 'ABCD1234', churchId, churchName: 'Harbour City Church',
  hostId: 'u-admin', hostName: 'Andrew Admin', sourceLanguage: 'en', status: 'live', startedAt: new Date().toISOString(),
  endedAt: null, durationSeconds: null, listenersJoined: 0,
};
const lists: ChurchLanguageLists = {
  goLive: [{ id: '00000000-0000-4000-8000-000000000001', list: 'go_live', code: 'en', name: 'English', locale: null, rtl: false, isKnown: true, maleVoiceId: null, femaleVoiceId: null }],
  joinLive: [],
};

/** The speaker's page with the church's translator as `/speech/recognition` reports it. */
function setUp(fetchMock: ReturnType<typeof stubFetchEachTest>, translator: SpeakerRecognition['translator'], userType: string) {
  localStorage.setItem('userType', userType);
  localStorage.setItem('userId', 'u-admin');
  vi.stubGlobal('SpeechRecognition', undefined);
  vi.stubGlobal('webkitSpeechRecognition', undefined);
  socket = new FakeLiveSocket();
  const state: SermonState = { sermonId: sermon.id, status: 'live', speakerConnected: true, listenerCounts: {}, minutesLeft: 42, translator: translator.primary };
  socket.answers[liveEvents.speakerJoin] = () => ({ ok: true, state, lastSeq: 0, sourceLanguage: 'en' });
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (u === `/api/v1/churches/${churchId}/languages`) return jsonResponse(200, lists);
    if (u.startsWith('/api/v1/speech/recognition')) return jsonResponse(200, { mode: 'browser', engines: [], translator } satisfies SpeakerRecognition);
    if (method === 'GET' && u.startsWith('/api/v1/sermons?')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 50 });
    if (method === 'POST' && u === '/api/v1/sermons') return jsonResponse(201, sermon);
    return jsonResponse(404, { code: 'not_found' });
  });
  return renderScreen([{ path: '/go', element: <GoLiveScreen churchId={churchId} /> }], '/go');
}

describe('the speaker learns what translates the captions', { timeout: 30_000 }, () => {
  const fetchMock = stubFetchEachTest();
  beforeEach(() => localStorage.clear());

  it('warns a church admin, before and during the sermon, that the demo translator only labels their words, with the way to the settings', async () => {
    await setUp(fetchMock, { primary: 'demo', failover: null }, '2');
    expect(await screen.findByText('Captions use the demo translator')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a translation engine in Manage Church' }).getAttribute('href')).toBe(`/church?churchId=${churchId}#translationEngines`);
    (await screen.findByRole('button', { name: 'Start' })).click();
    await screen.findByText('Link to join');
    expect(screen.getByText('Captions use the demo translator')).toBeTruthy();
    // Live, typing lines in a browser without recognition: never "Stopped" beside "Live".
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.getByText('Typed lines only')).toBeTruthy();
    expect(screen.queryByText('Stopped')).toBeNull();
  });

  it('tells staff to ask an administrator, and names a real engine and its second plainly', async () => {
    const { unmount } = await setUp(fetchMock, { primary: 'demo', failover: null }, '3');
    expect(await screen.findByText('Ask a church administrator to choose a translation engine in Manage Church.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Choose a translation engine in Manage Church' })).toBeNull();
    unmount();
    await setUp(fetchMock, { primary: 'deepl', failover: 'google' }, '3');
    expect(await screen.findByText('Captions are translated by DeepL (Google Translate if it fails).')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Captions use the demo translator')).toBeNull());
  });
});

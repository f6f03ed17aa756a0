import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveEvents, lobbyEvents, type LobbyInfo, type SermonByBroadcast, type SermonState } from '@app/shared';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubFetchEachTest } from '../../../test/stub-fetch';
import { FakeLiveSocket } from '../lib/fake-live-socket';
import { LobbyPage } from './lobby-page';

let socket: FakeLiveSocket;
vi.mock('../lib/live-socket', async (original) => ({
  ...(await original<typeof import('../lib/live-socket')>()),
  createLiveSocket: () => socket.asSocket(),
}));

const churchId = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const sermonId = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const languages = [
  { code: 'en', name: 'English', nativeName: 'English', rtl: false, voices: [] },
  { code: 'es', name: 'Spanish', nativeName: 'Español', rtl: false, voices: [] },
];
const listen: SermonByBroadcast = {
  sermon: {
    id: sermonId, broadcastId: 'ABCD1234', churchId, churchName: 'Harbour City Church', hostId: null, hostName: 'Samuel Staff',
    sourceLanguage: 'en', status: 'live', startedAt: new Date().toISOString(), endedAt: null, durationSeconds: null, listenersJoined: 3,
  },
  languages,
  hasSpeechKey: false,
  guestsMayListen: true,
  translator: 'demo',
};
const lobby = (live: SermonByBroadcast | null): LobbyInfo => ({
  church: { id: churchId, name: 'Harbour City Church', imageUrl: null, timeZone: 'Australia/Sydney', guestsAllowed: true, joinCode: 'HARBOUR' },
  languages,
  live: { sermonId, broadcastId: 'ABCD1234', startedAt: listen.sermon.startedAt!, sourceLanguage: 'en', languages: ['en', 'es'], listen: live },
  upcoming: [],
  lastEnded: null,
});
const state: SermonState = { sermonId, status: 'live', speakerConnected: true, listenerCounts: {}, minutesLeft: 100, translator: 'demo' };

describe('a lobby opened during the sermon', () => {
  const fetchMock = stubFetchEachTest();
  let answer: LobbyInfo;
  beforeEach(() => {
    localStorage.setItem('live.language', 'es');
    socket = new FakeLiveSocket();
    socket.answers[lobbyEvents.join] = () => ({ ok: true, churchId });
    socket.answers[liveEvents.listenerJoin] = () => ({
      ok: true, sermonId, sourceLanguage: 'en', language: 'es', state,
      captions: [{ sermonId, seq: 1, language: 'es', text: '[ES demo] Grace and peace.', final: true, provider: 'demo' }],
    });
    fetchMock.mockImplementation(async (url) => {
      const u = String(url);
      if (u.endsWith('/lobby/HARBOUR')) return jsonResponse(200, answer);
      if (u.endsWith('/sermons/by-broadcast/ABCD1234')) return jsonResponse(200, listen);
      return jsonResponse(404, { code: 'not_found' });
    });
  });
  const open = () => renderScreen([{ path: '/l/:code', element: <LobbyPage code="HARBOUR" /> }], '/l/HARBOUR');
  const asked = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path)).length;

  it('shows the live sermon from the lobby’s one answer, asking for nothing more', async () => {
    answer = lobby(listen);
    await open();
    expect(await screen.findByText('[ES demo] Grace and peace.')).toBeTruthy();
    expect(asked('/lobby/HARBOUR')).toBe(1);
    expect(asked('/sermons/by-broadcast/ABCD1234')).toBe(0);
  });

  it('asks the share link when the answer came without the sermon', async () => {
    answer = lobby(null);
    await open();
    expect(await screen.findByText('[ES demo] Grace and peace.')).toBeTruthy();
    expect(asked('/sermons/by-broadcast/ABCD1234')).toBe(1);
  });
});

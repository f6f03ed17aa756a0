import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveEvents, type ChurchLanguageLists, type Sermon, type SermonState } from '@app/shared';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubFetchEachTest } from '../../../test/stub-fetch';
import { FakeLiveSocket } from '../lib/fake-live-socket';
import { UnderPageTitle } from '../../../components/heading-level';
import { GoLiveScreen } from './go-live-screen';

let socket: FakeLiveSocket;
vi.mock('../lib/live-socket', async (original) => ({
  ...(await original<typeof import('../lib/live-socket')>()),
  createLiveSocket: () => socket.asSocket(),
}));

const churchId = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const sermon: Sermon = {
  id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', broadcastId: 'ABCD1234', churchId, churchName: 'Harbour City Church',
  hostId: 'u-staff', hostName: 'Samuel Staff', sourceLanguage: 'es', status: 'live', startedAt: new Date().toISOString(),
  endedAt: null, durationSeconds: null, listenersJoined: 0,
};
const state: SermonState = { sermonId: sermon.id, status: 'live', speakerConnected: true, listenerCounts: { pt: 3, en: 1 }, minutesLeft: 42, translator: 'demo' };
const language = (code: string, name: string) => ({
  id: `00000000-0000-4000-8000-00000000000${code.length}`, list: 'go_live' as const, code, name, locale: null, rtl: false, isKnown: true,
  maleVoiceId: null, femaleVoiceId: null,
});
const lists: ChurchLanguageLists = { goLive: [language('en', 'English'), language('es', 'Spanish')], joinLive: [] };

describe('go-live screen', { timeout: 20_000 }, () => {
  const fetchMock = stubFetchEachTest();
  let goLive: () => Response;
  const posted = () => fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url) === '/api/v1/sermons');

  beforeEach(() => {
    localStorage.setItem('userType', '3');
    localStorage.setItem('userId', 'u-staff');
    localStorage.setItem('live.sourceLanguage', 'es');
    // This browser has no speech recognition: typing must still work.
    vi.stubGlobal('SpeechRecognition', undefined);
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    socket = new FakeLiveSocket();
    socket.answers[liveEvents.speakerJoin] = () => ({ ok: true, state, lastSeq: 0, sourceLanguage: 'es' });
    socket.answers[liveEvents.segment] = (p) => ({ ok: true, seq: (p as { seq: number }).seq });
    goLive = () => jsonResponse(201, sermon);
    fetchMock.mockImplementation(async (url, init) => {
      const u = String(url);
      const method = init?.method ?? 'GET';
      if (u === `/api/v1/churches/${churchId}/languages`) return jsonResponse(200, lists);
      if (u.startsWith('/api/v1/speech/token')) return jsonResponse(404, { code: 'not_found' });
      if (method === 'GET' && u.startsWith('/api/v1/sermons?')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 50 });
      if (method === 'POST' && u === '/api/v1/sermons') return goLive();
      if (method === 'POST' && u === `/api/v1/sermons/${sermon.id}/end`) return jsonResponse(200, { ...sermon, status: 'ended' });
      return jsonResponse(404, { code: 'not_found' });
    });
  });

  const open = () => renderScreen([{ path: '/go', element: <GoLiveScreen churchId={churchId} /> }], '/go');

  it('says the browser cannot recognise speech, and still goes live in the chosen language', async () => {
    await open();
    expect(await screen.findByText(/Browser not supported/)).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Spoken language' }) as HTMLInputElement).value).toBe('Spanish');
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await screen.findByText('Link to join');
    expect(JSON.parse(String(posted()[0]?.[1]?.body))).toEqual({ churchId, sourceLanguage: 'es' });
    await waitFor(() => expect(socket.sent(liveEvents.speakerJoin)).toEqual([{ sermonId: sermon.id }]));
    expect((screen.getByRole('textbox', { name: 'Link to join' }) as HTMLInputElement).value).toBe(
      `${window.location.origin}/sermon/join/ABCD1234?churchId=${churchId}`,
    );
    expect(screen.getByRole('img', { name: 'QR code of the link to join this sermon' })).toBeTruthy();
    expect(screen.getByText('42 minutes left this week')).toBeTruthy();
    const counts = screen.getByRole('table', { name: 'Listeners by language' });
    expect(within(counts).getAllByRole('row').map((r) => r.textContent)).toEqual(['LanguageListenersVoice', 'Portuguese3–', 'English1–']);
    // How far behind each language's voice runs, from the server's voice status (decision 039).
    act(() => socket.fire(liveEvents.voiceStatus, { sermonId: sermon.id, language: 'pt', behindS: 4.2, rate: 1.2, skipped: 0 }));
    expect(await within(counts).findByText('4.2 s behind, catching up (1.2×)')).toBeTruthy();
  });

  it('with no microphone, says so once and does not also say the browser recognises speech', async () => {
    vi.stubGlobal('SpeechRecognition', class {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { enumerateDevices: async () => [{ kind: 'videoinput' }] } }));
    // As inside the shell: its header's h1 already says "Go live".
    await renderScreen([{ path: '/go', element: <><h1>Go live</h1><UnderPageTitle><GoLiveScreen churchId={churchId} /></UnderPageTitle></> }], '/go');
    expect(await screen.findByText(/No microphones found/)).toBeTruthy();
    expect(screen.queryByText('Speech is recognised by this browser.')).toBeNull();
    expect(screen.getAllByRole('heading', { name: 'Go live' })).toHaveLength(1);
  });

  it('sends a typed line like recognised speech, numbered, on Enter', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    const input = await screen.findByRole('textbox', { name: 'Type or paste a line' });
    await waitFor(() => expect(socket.sent(liveEvents.speakerJoin)).toHaveLength(1));
    fireEvent.change(input, { target: { value: 'Gracia y paz.' } });
    fireEvent.submit(input.closest('form')!);
    fireEvent.change(input, { target: { value: 'Abramos la Biblia.' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() =>
      expect(socket.sent(liveEvents.segment)).toEqual([
        { sermonId: sermon.id, seq: 1, text: 'Gracia y paz.', final: true, clientId: expect.any(String) },
        { sermonId: sermon.id, seq: 2, text: 'Abramos la Biblia.', final: true, clientId: expect.any(String) },
      ]),
    );
    expect(within(screen.getByRole('list', { name: 'Sent to listeners' })).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByText('Type something to send.')).toBeTruthy();
  });

  it('holds lines typed while the connection is down and sends them, in order, after joining again', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    const input = await screen.findByRole('textbox', { name: 'Type or paste a line' });
    await waitFor(() => expect(socket.sent(liveEvents.speakerJoin)).toHaveLength(1));
    act(() => socket.fire('disconnect', 'transport close'));
    expect(await screen.findByText('Reconnecting…')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Said while offline.' } });
    fireEvent.submit(input.closest('form')!);
    fireEvent.change(input, { target: { value: 'And then this.' } });
    fireEvent.submit(input.closest('form')!);
    expect(socket.sent(liveEvents.segment)).toEqual([]);
    expect(screen.getAllByText('Waiting to send (2)').length).toBeGreaterThan(0);
    socket.answers[liveEvents.speakerJoin] = () => ({ ok: true, state, lastSeq: 7, sourceLanguage: 'es' });
    act(() => socket.fire('connect'));
    await waitFor(() =>
      expect(socket.sent(liveEvents.segment)).toEqual([
        { sermonId: sermon.id, seq: 8, text: 'Said while offline.', final: true, clientId: expect.any(String) },
        { sermonId: sermon.id, seq: 9, text: 'And then this.', final: true, clientId: expect.any(String) },
      ]),
    );
    expect(socket.sent(liveEvents.speakerJoin)).toHaveLength(2);
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    await waitFor(() => expect(screen.queryByText(/Waiting to send/)).toBeNull());
    expect(localStorage.getItem(`live.outbox.${sermon.id}`)).toBeNull();
  });

  it('sends a line typed offline with when it was typed, on the server’s clock, though it goes out later', async () => {
    const HOUR = 3_600_000;
    // The server's clock is an hour ahead of this phone's.
    socket.answers[liveEvents.speakerJoin] = () => ({ ok: true, state, lastSeq: 0, sourceLanguage: 'es', serverNow: Date.now() + HOUR });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    const input = await screen.findByRole('textbox', { name: 'Type or paste a line' });
    await waitFor(() => expect(socket.sent(liveEvents.speakerJoin)).toHaveLength(1));
    act(() => socket.fire('disconnect', 'transport close'));
    const typedFrom = Date.now();
    fireEvent.change(input, { target: { value: 'Said while offline.' } });
    fireEvent.submit(input.closest('form')!);
    const typedBy = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    act(() => socket.fire('connect'));
    await waitFor(() => expect(socket.sent(liveEvents.segment)).toHaveLength(1));
    const [line] = socket.sent(liveEvents.segment) as Array<{ startedAt: number }>;
    expect(line!.startedAt).toBeGreaterThanOrEqual(typedFrom + HOUR - 5);
    expect(line!.startedAt).toBeLessThanOrEqual(typedBy + HOUR + 5);
  });

  it('keeps a line waiting until the server acknowledges it, and resends it with the same id', async () => {
    socket.answers[liveEvents.segment] = () => ({ ok: false, error: { code: 'internal', message: 'No answer from the server' } });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    const input = await screen.findByRole('textbox', { name: 'Type or paste a line' });
    await waitFor(() => expect(socket.sent(liveEvents.speakerJoin)).toHaveLength(1));
    fireEvent.change(input, { target: { value: 'No ack for me.' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(socket.sent(liveEvents.segment)).toHaveLength(1));
    expect(await screen.findAllByText('Waiting to send (1)')).not.toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(`live.outbox.${sermon.id}`) ?? '[]')).toHaveLength(1);
    // The resend after a reconnection carries the same clientId, so the server can drop a duplicate.
    socket.answers[liveEvents.segment] = (p) => ({ ok: true, seq: 3, duplicate: true, echo: p });
    act(() => socket.fire('disconnect', 'transport close'));
    act(() => socket.fire('connect'));
    await waitFor(() => expect(socket.sent(liveEvents.segment)).toHaveLength(2));
    const [first, second] = socket.sent(liveEvents.segment) as Array<{ clientId: string }>;
    expect(second!.clientId).toBe(first!.clientId);
    await waitFor(() => expect(screen.queryByText(/Waiting to send/)).toBeNull());
    expect(screen.getAllByLabelText('Sent')).toHaveLength(1);
  });

  it('tells the speaker at once when an administrator ends the sermon, and stops saying live', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(socket.sent(liveEvents.speakerJoin)).toHaveLength(1));
    expect(screen.getByText('Live')).toBeTruthy();
    act(() => socket.fire(liveEvents.ended, { sermonId: sermon.id, reason: 'ended_by_admin', message: '' }));
    expect(await screen.findByText('This sermon has ended')).toBeTruthy();
    expect(screen.getByText('An administrator ended the sermon.')).toBeTruthy();
    expect(screen.queryByText('Live')).toBeNull();
  });

  it('continues a sermon left live with the lines already sent and the ones still waiting', async () => {
    const live = { ...sermon, startedAt: new Date(Date.now() - 60_000).toISOString() };
    localStorage.setItem(`live.outbox.${sermon.id}`, JSON.stringify([{ clientId: 'waiting-line-1', text: 'Typed before the reload.' }]));
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) => {
      const u = String(url);
      if (u.startsWith('/api/v1/sermons?')) return jsonResponse(200, { items: [live], total: 1, page: 1, pageSize: 50 });
      if (u.startsWith(`/api/v1/sermons/${sermon.id}/transcript`)) {
        return jsonResponse(200, {
          sermonId: sermon.id, language: 'es', status: 'live',
          captions: [{ sermonId: sermon.id, seq: 1, language: 'es', text: 'Ya enviado.', final: true, provider: 'source' }],
        });
      }
      return base(url, init);
    });
    socket.answers[liveEvents.speakerJoin] = () => ({ ok: true, state, lastSeq: 1, sourceLanguage: 'es' });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue this sermon' }));
    const list = await screen.findByRole('list', { name: 'Sent to listeners' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1Ya enviado.', '2Typed before the reload.']));
    expect(socket.sent(liveEvents.segment)).toEqual([
      { sermonId: sermon.id, seq: 2, text: 'Typed before the reload.', final: true, clientId: 'waiting-line-1' },
    ]);
  });

  it('tells the speaker about translation errors without stopping the sermon', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(socket.sent(liveEvents.speakerJoin)).toHaveLength(1));
    act(() => socket.fire(liveEvents.error, { code: 'translation_failed', message: 'Translation error occurred' }));
    expect(screen.getByText(/Translation error occurred/)).toBeTruthy();
    act(() => socket.fire(liveEvents.warning, { sermonId: sermon.id, code: 'stream_limit_soon', minutesLeft: 5, message: '' }));
    expect(screen.getByText('Streaming time is almost used up')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('refuses to go live with no minutes left, with the reason', async () => {
    goLive = () => jsonResponse(403, { code: 'stream_limit_reached', detail: 'No minutes left' });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText(/No streaming minutes are left this week/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    expect(socket.sent(liveEvents.speakerJoin)).toEqual([]);
  });

  it('shows "Error adding sermon" when going live fails otherwise', async () => {
    goLive = () => jsonResponse(500, { code: 'internal' });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Error adding sermon. Please try again.')).toBeTruthy();
  });

  it('pauses in one tap, and stops only after confirmation', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(socket.sent(liveEvents.speakerJoin)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(socket.sent(liveEvents.pause)).toEqual([{ sermonId: sermon.id, paused: true }]));
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/end'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop the sermon' }));
    expect(await screen.findByText('This sermon has ended')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === `/api/v1/sermons/${sermon.id}/end` && init?.method === 'POST')).toBe(true);
  });

  it('tells a member that only staff can go live', async () => {
    localStorage.setItem('userType', '4');
    await open();
    expect(await screen.findByText('Only staff members and church administrators can go live.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('lets staff schedule a service before going live, in the church time zone', async () => {
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) => {
      const u = String(url);
      if (u === '/api/v1/churches/public') return jsonResponse(200, [{ id: churchId, name: 'Harbour City Church', suburb: 'Sydney', timeZone: 'Australia/Sydney' }]);
      if (u.startsWith('/api/v1/scheduled-sermons?')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 10 });
      if (u === '/api/v1/scheduled-sermons' && init?.method === 'POST') return jsonResponse(201, {});
      return base(url, init);
    });
    await open();
    const card = await screen.findByRole('region', { name: 'Scheduled services' });
    expect(within(card).getByText('No services are scheduled yet.')).toBeTruthy();
    fireEvent.change(within(card).getByRole('textbox', { name: 'Title' }), { target: { value: 'Evening service' } });
    fireEvent.change(within(card).getByLabelText(/Starts at/), { target: { value: '2030-03-10T18:30' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Schedule a service' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u) === '/api/v1/scheduled-sermons' && i?.method === 'POST')).toBe(true));
    const call = fetchMock.mock.calls.find(([u, i]) => String(u) === '/api/v1/scheduled-sermons' && i?.method === 'POST')!;
    // 18:30 in Sydney daylight time (UTC+11) is 07:30 UTC.
    expect(JSON.parse(String(call[1]?.body))).toEqual({ churchId, title: 'Evening service', startsAt: '2030-03-10T07:30:00.000Z', sourceLanguage: 'en' });
  });
});

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveEvents, type Caption, type SermonByBroadcast, type SermonState } from '@app/shared';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { FakeLiveSocket } from '../lib/fake-live-socket';
import { ListenerScreen } from './listener-screen';

let socket: FakeLiveSocket;
vi.mock('../lib/live-socket', async (original) => ({
  ...(await original<typeof import('../lib/live-socket')>()),
  createLiveSocket: () => socket.asSocket(),
}));

const sermonId = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const info: SermonByBroadcast = {
  sermon: {
    id: sermonId, broadcastId: 'ABCD1234', churchId: '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6', churchName: 'Harbour City Church',
    hostId: null, hostName: 'Samuel Staff', sourceLanguage: 'en', status: 'live', startedAt: new Date().toISOString(),
    endedAt: null, durationSeconds: null, listenersJoined: 0,
  },
  languages: [
    { code: 'en', name: 'English', nativeName: 'English', rtl: false, voices: [] },
    { code: 'es', name: 'Spanish', nativeName: 'Español', rtl: false, voices: [] },
    { code: 'ar', name: 'Arabic', nativeName: 'العربية', rtl: true, voices: [] },
  ],
  hasSpeechKey: false,
  guestsMayListen: true,
  translator: 'demo',
};
const state: SermonState = { sermonId, status: 'live', speakerConnected: true, listenerCounts: {}, minutesLeft: 100, translator: 'demo' };
const caption = (seq: number, text: string, language = 'es', provider: Caption['provider'] = 'demo'): Caption => ({
  sermonId, seq, language, text, final: true, provider,
});

describe('listener screen', { timeout: 20_000 }, () => {
  const fetchMock = vi.fn<typeof fetch>();
  let byBroadcast: () => Response;

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('live.language', 'es');
    socket = new FakeLiveSocket();
    socket.answers[liveEvents.listenerJoin] = (p) => ({
      ok: true, sermonId, sourceLanguage: 'en', language: (p as { language: string }).language, state,
      captions: [caption(1, '[ES demo] Grace and peace.')],
    });
    byBroadcast = () => jsonResponse(200, info);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url) => {
      const u = String(url);
      if (u.endsWith('/sermons/by-broadcast/ABCD1234')) return byBroadcast();
      if (u.includes(`/sermons/${sermonId}/transcript?lang=es`)) {
        return jsonResponse(200, { sermonId, language: 'es', status: 'ended', captions: [caption(1, '[ES demo] Grace and peace.'), caption(2, '[ES demo] Amen.')] });
      }
      return jsonResponse(404, { code: 'not_found' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const open = () => renderScreen([{ path: '/sermon/join/:id', element: <ListenerScreen broadcastId="ABCD1234" listHref={null} /> }], '/sermon/join/ABCD1234');

  it('keeps the sermon\'s start time on a line of its own, never clamped away by a long church name', async () => {
    await open();
    const started = await screen.findByText(/^started at /);
    // The church and speaker line may be clamped to one line on a phone; the time is not on it.
    expect(started.className).not.toMatch(/line-clamp/i);
    expect(screen.getByText('Harbour City Church · Samuel Staff')).toBeTruthy();
  });

  it('gives a signed-in listener a way to Messages in a new tab and to the dashboard, and a guest neither', async () => {
    await open();
    await screen.findByText(/^started at /);
    expect(screen.queryByRole('navigation', { name: 'Leave the sermon' })).toBeNull();
    cleanup();
    localStorage.setItem('userId', 'u-member');
    await open();
    const way = await screen.findByRole('navigation', { name: 'Leave the sermon' });
    const messages = within(way).getByRole('link', { name: 'Messages, in a new tab: the sermon keeps playing here' });
    expect(messages.getAttribute('href')).toBe('/messages');
    expect(messages.getAttribute('target')).toBe('_blank');
    expect(within(way).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('joins in the remembered language and shows captions labelled as demo translation', async () => {
    await open();
    expect(await screen.findByText('Ready')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    expect(await screen.findByText('Connected')).toBeTruthy();
    expect(socket.sent(liveEvents.listenerJoin)).toEqual([{ broadcastId: 'ABCD1234', language: 'es', voice: 'none', lastSeq: 0 }]);
    const log = screen.getByRole('log', { name: 'Captions' });
    expect(log.textContent).toContain('[ES demo] Grace and peace.');
    expect(screen.getAllByText('demo translation')).toHaveLength(1);

    act(() => socket.fire(liveEvents.caption, caption(2, 'Original words', 'es', 'untranslated')));
    expect(log.textContent).toContain('Original words');
    expect(screen.getByText('not translated')).toBeTruthy();
  });

  it('shows the line being said in the listener\'s language as in progress, growing, until its final replaces it', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    const partial = (seq: number, text: string, language = 'es'): Caption => ({ ...caption(seq, text, language), final: false });
    act(() => socket.fire(liveEvents.caption, partial(2, '[ES demo] Today we')));
    expect(screen.getByLabelText('Being spoken now').textContent).toBe('[ES demo] Today we');
    act(() => socket.fire(liveEvents.caption, partial(2, '[ES demo] Today we open the word')));
    act(() => socket.fire(liveEvents.caption, partial(2, 'Another language', 'en')));
    expect(screen.getAllByLabelText('Being spoken now').map((e) => e.textContent)).toEqual(['[ES demo] Today we open the word']);
    expect(getComputedStyle(screen.getByLabelText('Being spoken now')).fontStyle).toBe('italic');

    act(() => socket.fire(liveEvents.caption, caption(2, '[ES demo] Today we open the word together.')));
    expect(screen.queryByLabelText('Being spoken now')).toBeNull();
    const log = screen.getByRole('log', { name: 'Captions' });
    expect(log.textContent).toContain('[ES demo] Today we open the word together.');
    // A partial of a line already final, arriving late, is not shown again.
    act(() => socket.fire(liveEvents.caption, partial(2, '[ES demo] Today we open')));
    expect(screen.queryByLabelText('Being spoken now')).toBeNull();
  });

  it('shows a listener joining mid-sentence the line being said at once', async () => {
    socket.answers[liveEvents.listenerJoin] = (p) => ({
      ok: true, sermonId, sourceLanguage: 'en', language: (p as { language: string }).language, state,
      captions: [caption(1, '[ES demo] Grace and peace.')],
      partial: { ...caption(2, '[ES demo] Today we open'), final: false },
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    expect(screen.getByLabelText('Being spoken now').textContent).toBe('[ES demo] Today we open');
  });

  it('reads Arabic right to left, and asks the server for the captions in the new language', async () => {
    socket.answers[liveEvents.listenerPrefs] = () => ({ ok: true, captions: [caption(1, '[AR demo] Grace and peace.', 'ar')] });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    fireEvent.change(screen.getByLabelText('Listening language'), { target: { value: 'ar' } });
    const log = screen.getByRole('log', { name: 'Captions' });
    await waitFor(() => expect(log.textContent).toContain('[AR demo] Grace and peace.'));
    expect(log.getAttribute('dir')).toBe('rtl');
    expect(socket.sent(liveEvents.listenerPrefs)).toEqual([{ language: 'ar', voice: 'none' }]);
    expect(localStorage.getItem('live.language')).toBe('ar');
  });

  it('shows paused, speaker reconnecting, disconnected and lost states', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    act(() => socket.fire(liveEvents.state, { ...state, status: 'paused' }));
    expect(screen.getByText(/The speaker has paused/)).toBeTruthy();
    act(() => socket.fire(liveEvents.state, { ...state, speakerConnected: false }));
    expect(screen.getByText('The speaker is reconnecting…')).toBeTruthy();
    act(() => socket.fire('disconnect', 'transport close'));
    expect(screen.getByText('Disconnected. Reconnecting…')).toBeTruthy();
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
  });

  it('keeps reconnecting after a server restart closed the connection, and catches up on rejoining', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    act(() => socket.fire('disconnect', 'io server disconnect'));
    expect(screen.getByText('Disconnected. Reconnecting…')).toBeTruthy();
    expect(screen.queryByText('Connection lost. Please refresh the page.')).toBeNull();
    act(() => socket.fire('connect'));
    await waitFor(() => expect(socket.sent(liveEvents.listenerJoin)).toHaveLength(2));
    expect(socket.sent(liveEvents.listenerJoin)[1]).toMatchObject({ lastSeq: 1 });
    expect(await screen.findByText('Connected')).toBeTruthy();
  });

  it('tells a guest let go because the church turned guests off to sign in, and stops listening', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    act(() => socket.fire(liveEvents.error, { code: 'guests_not_allowed', message: 'This church no longer lets guests listen' }));
    expect(await screen.findByText(/turned off listening without an account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start listening' })).toBeTruthy();
  });

  it('says so when this phone holds as many connections as allowed, and tries again after the wait the server asks for (decision 048)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await open();
      fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
      await screen.findByText('Connected');
      const joins = socket.sent(liveEvents.listenerJoin).length;
      socket.connected = false;
      act(() => socket.fire('connect_error', Object.assign(new Error('Too many connections'), { data: { code: 'too_many_connections', retryAfter: 10 } })));
      expect(await screen.findByText(/already holds as many connections/)).toBeTruthy();
      // Not given up: within the wait (10 s, with at most a fifth of jitter) it connects again.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(7000);
      });
      expect(socket.sent(liveEvents.listenerJoin)).toHaveLength(joins);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      expect(socket.sent(liveEvents.listenerJoin)).toHaveLength(joins + 1);
      await screen.findByText('Connected');
      expect(screen.queryByText(/already holds as many connections/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says "Offline" as soon as the browser loses the network, and "Connected" once it is back', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('You are offline');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(screen.queryByText('Offline')).toBeNull();
  });

  it('notices a lost network within 2 seconds even when the browser sends no offline event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await open();
      fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
      await screen.findByText('Connected');
      vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
      act(() => vi.advanceTimersByTime(1100));
      expect(screen.getByText('Offline')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('re-joins after a reconnection that lost the session, asking only for what it missed, as the same session', async () => {
    const sessionId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const answer = socket.answers[liveEvents.listenerJoin]!;
    socket.answers[liveEvents.listenerJoin] = (p) => ({ ...(answer(p) as object), sessionId });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    act(() => socket.fire(liveEvents.caption, caption(2, '[ES demo] Second.')));
    act(() => socket.fire('disconnect', 'transport close'));
    socket.recovered = false;
    act(() => socket.fire('connect'));
    await waitFor(() => expect(socket.sent(liveEvents.listenerJoin)).toHaveLength(2));
    expect(socket.sent(liveEvents.listenerJoin)[1]).toMatchObject({ lastSeq: 2, sessionId });
    // Its first join named no session: one is made for it.
    expect(socket.sent(liveEvents.listenerJoin)[0]).not.toHaveProperty('sessionId');
  });

  it('fills a hole in the captions by asking for what it missed, and catches up after a recovered connection', async () => {
    socket.answers[liveEvents.listenerCatchUp] = (p) => ({
      ok: true,
      captions: (p as { afterSeq: number }).afterSeq === 1 ? [caption(2, '[ES demo] Second.'), caption(3, '[ES demo] Third.')] : [caption(4, '[ES demo] Fourth.')],
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    act(() => socket.fire(liveEvents.caption, caption(3, '[ES demo] Third.')));
    expect(await screen.findByText('[ES demo] Second.')).toBeTruthy();
    expect(socket.sent(liveEvents.listenerCatchUp)).toEqual([{ afterSeq: 1 }]);
    expect(screen.getAllByText('[ES demo] Third.')).toHaveLength(1);

    act(() => socket.fire('disconnect', 'transport close'));
    socket.recovered = true;
    act(() => socket.fire('connect'));
    expect(await screen.findByText('[ES demo] Fourth.')).toBeTruthy();
    expect(socket.sent(liveEvents.listenerCatchUp)).toEqual([{ afterSeq: 1 }, { afterSeq: 3 }]);
    expect(socket.sent(liveEvents.listenerJoin)).toHaveLength(1);
  });

  it('says the sermon has ended and offers the full transcript in the chosen language', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    expect(document.title).toBe('Live sermon · Sermon Translate');
    act(() => socket.fire(liveEvents.ended, { sermonId, reason: 'stream_limit', message: '' }));
    expect(screen.getByText('This sermon has ended')).toBeTruthy();
    expect(document.title).toBe('This sermon has ended · Sermon Translate');
    // The heading no longer calls it live.
    expect(screen.queryByRole('heading', { name: 'Live sermon' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sermon' })).toBeTruthy();
    expect(screen.getByText('Ended')).toBeTruthy();
    expect(screen.getByText("This week's streaming time has been used up.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Read the full transcript' }));
    await waitFor(() => expect(screen.getByRole('log', { name: 'Captions' }).textContent).toContain('[ES demo] Amen.'));
  });

  it('plays the chosen server voice as one stream in one audio element, started by the tap, and says when it catches up while it is heard', async () => {
    const play = vi.fn(function (this: HTMLMediaElement) {
      return Promise.resolve();
    });
    vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(play);
    vi.spyOn(window.HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    byBroadcast = () =>
      jsonResponse(200, { ...info, hasSpeechKey: true, languages: info.languages.map((l) => ({ ...l, voices: ['female', 'male'] })) });
    await open();
    fireEvent.click(await screen.findByLabelText('Voice'));
    fireEvent.click(screen.getByText('Male'));
    fireEvent.click(screen.getByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    expect(socket.sent(liveEvents.listenerJoin)).toMatchObject([{ language: 'es', voice: 'male' }]);
    const streamOf = (el: unknown) => new URL((el as HTMLMediaElement).src).pathname;
    expect(play.mock.contexts.map(streamOf)).toContain(`/api/v1/sermons/${info.sermon.id}/voice/es/male.mp3`);
    // Captions bring no clips of their own: the stream carries the voice (decision 039).
    act(() => socket.fire(liveEvents.caption, caption(2, '[ES demo] Amen.')));
    expect(new Set(play.mock.contexts).size).toBe(1);
    expect(localStorage.getItem('live.voiceGender')).toBe('male');
    expect(screen.queryByText('The voice is catching up')).toBeNull();
    act(() => socket.fire(liveEvents.voiceStatus, { sermonId: info.sermon.id, language: 'es', behindS: 3.1, rate: 1.2, skipped: 0 }));
    // Nothing is heard yet (the element has no data): no notice about a voice nobody hears.
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.queryByText('The voice is catching up')).toBeNull();
    // The element plays: now it is said.
    vi.spyOn(window.HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(false);
    vi.spyOn(window.HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    expect(await screen.findByText('The voice is catching up', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('speaks every settled piece with the device voice when the church has no speech key', async () => {
    const spoken: string[] = [];
    class Utterance {
      lang = '';
      rate = 1;
      volume = 1;
      voice = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public text: string) {}
    }
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    vi.stubGlobal('speechSynthesis', { speak: (u: Utterance) => { spoken.push(u.text); u.onend?.(); }, cancel: () => undefined, getVoices: () => [] });
    await open();
    fireEvent.click(await screen.findByLabelText('Voice'));
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Connected');
    act(() => socket.fire(liveEvents.voicePiece, { sermonId: info.sermon.id, language: 'es', seq: 1, index: 0, text: 'Gracia y paz', settledAt: 0 }));
    act(() => socket.fire(liveEvents.voicePiece, { sermonId: info.sermon.id, language: 'pt', seq: 1, index: 0, text: 'Graça e paz', settledAt: 0 }));
    act(() => socket.fire(liveEvents.voicePiece, { sermonId: info.sermon.id, language: 'es', seq: 1, index: 1, text: 'a todos', settledAt: 0 }));
    expect(spoken.filter((t) => t.trim())).toEqual(['Gracia y paz', 'a todos']);
    vi.unstubAllGlobals();
  });

  it('asks a guest to sign in when the church does not allow guests', async () => {
    byBroadcast = () => jsonResponse(401, { code: 'unauthenticated', detail: 'Please sign in' });
    await open();
    expect(await screen.findByText('This church asks listeners to sign in before joining.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('tells the listener when joining failed', async () => {
    socket.answers[liveEvents.listenerJoin] = () => ({ ok: false, error: { code: 'internal', message: 'x' } });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start listening' }));
    expect(await screen.findByText('Failed to start backend session. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start listening' })).toBeTruthy();
  });

  it('from the lobby: starts from what the push carried, on the lobby\'s socket, without asking or connecting again', async () => {
    const lobbySocket = new FakeLiveSocket();
    lobbySocket.answers = socket.answers;
    const lobbyHandler = vi.fn();
    lobbySocket.on('connect', lobbyHandler);
    lobbySocket.connect();
    const created = new FakeLiveSocket();
    socket = created;
    const view = await renderScreen([{
      path: '/l/:code',
      element: <ListenerScreen broadcastId="ABCD1234" listHref={null} autoStart info={info} socket={lobbySocket.asSocket()} />,
    }], '/l/HARBOUR');
    expect(await screen.findByText('Connected')).toBeTruthy();
    expect(screen.getByText(/Harbour City Church · Samuel Staff/)).toBeTruthy();
    expect(lobbySocket.sent(liveEvents.listenerJoin)).toEqual([{ broadcastId: 'ABCD1234', language: 'es', voice: 'none', lastSeq: 0 }]);
    expect(screen.getByRole('log', { name: 'Captions' }).textContent).toContain('[ES demo] Grace and peace.');
    act(() => lobbySocket.fire(liveEvents.caption, caption(2, '[ES demo] Amen.')));
    expect(screen.getByRole('log', { name: 'Captions' }).textContent).toContain('[ES demo] Amen.');
    // No read of the sermon, and no socket of its own.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('by-broadcast'))).toHaveLength(0);
    expect(created.emitted).toHaveLength(0);
    expect(created.connected).toBe(false);

    // Leaving the screen gives the socket back open, with only the lobby's handlers on it.
    view.unmount();
    expect(lobbySocket.sent(liveEvents.listenerLeave)).toHaveLength(1);
    expect(lobbySocket.connected).toBe(true);
    expect(lobbySocket.listening('connect')).toBe(1);
    expect(lobbySocket.listening(liveEvents.caption)).toBe(0);
  });
});

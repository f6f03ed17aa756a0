import { io, type Socket } from 'socket.io-client';
import { LIVE_NAMESPACE, liveEvents, type Caption, type Sermon } from '@app/shared';
import { MOCK_SPEECH_KEY } from '../../server/test/mock-azure';
import { DEMO_PASSWORD } from '../e2e/fixtures';

/**
 * The live sermon of the cross-browser journeys (decision 049), driven as the speaker's screen
 * drives it: the demo church given the loopback Azure's key (its voice says each word as a tone),
 * a sermon gone live, a speaker's socket saying lines a word at a time, and a reader's socket that
 * keeps what the captions finally hold in a language.
 */
export async function signIn(base: string, email: string) {
  const res = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`sign in ${email}: ${res.status}`);
  const me = (await res.json()) as { churchId: string };
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return { churchId: me.churchId, headers: { cookie, origin: base, 'content-type': 'application/json' } };
}

/** The demo church speaks with the loopback Azure's voice, or (`false`) goes back to none. */
export async function churchVoice(base: string, on: boolean) {
  const admin = await signIn(base, 'admin@demo.church');
  const body = on ? { speechKey: MOCK_SPEECH_KEY, speechLocation: 'australiaeast' } : { removeSpeechKey: true };
  const res = await fetch(`${base}/api/v1/churches/${admin.churchId}/live-settings`, { method: 'PATCH', headers: admin.headers, body: JSON.stringify(body) });
  const text = await res.text();
  // Already so (a journey retried, or an earlier run's server): nothing to change.
  if (!res.ok && !text.includes('no_changes')) throw new Error(`live settings: ${res.status} ${text}`);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function goLive(base: string) {
  const staff = await signIn(base, 'staff@demo.church');
  const res = await fetch(`${base}/api/v1/sermons`, { method: 'POST', headers: staff.headers, body: JSON.stringify({ churchId: staff.churchId, sourceLanguage: 'en' }) });
  if (res.status !== 201) throw new Error(`go live: ${res.status} ${await res.text()}`);
  const sermon = (await res.json()) as Sermon;
  const socket: Socket = io(`${base}${LIVE_NAMESPACE}`, { transports: ['websocket'], extraHeaders: { cookie: staff.headers.cookie, origin: base }, forceNew: true });
  const ack = (await socket.timeout(10_000).emitWithAck(liveEvents.speakerJoin, { sermonId: sermon.id })) as { ok: boolean };
  if (!ack.ok) throw new Error('speaker join refused');
  let seq = 0;
  return {
    sermon,
    /** Says a line a word at a time (one every 400 ms, as speech is recognised), then settles it; when each word was said. */
    async say(line: string): Promise<{ wordsAt: number[]; settledAt: number }> {
      const words = line.split(' ');
      const n = ++seq;
      const wordsAt: number[] = [];
      for (let i = 1; i <= words.length; i++) {
        wordsAt.push(Date.now());
        socket.emit(liveEvents.segment, { sermonId: sermon.id, seq: n, text: words.slice(0, i).join(' '), final: false }, () => undefined);
        await pause(400);
      }
      const settledAt = Date.now();
      await socket.timeout(10_000).emitWithAck(liveEvents.segment, { sermonId: sermon.id, seq: n, text: `${line}.`, final: true });
      return { wordsAt, settledAt };
    },
    async end() {
      await fetch(`${base}/api/v1/sermons/${sermon.id}/end`, { method: 'POST', headers: { cookie: staff.headers.cookie, origin: base } });
      socket.disconnect();
    },
  };
}

/** Another phone reading one language: the captions' final lines, as every phone receives them. */
export async function reader(base: string, broadcastId: string, language: string) {
  const socket = io(`${base}${LIVE_NAMESPACE}`, { transports: ['websocket'], extraHeaders: { origin: base }, forceNew: true });
  const finals: Caption[] = [];
  socket.on(liveEvents.caption, (c: Caption) => {
    if (c.final) finals.push(c);
  });
  const ack = (await socket.timeout(10_000).emitWithAck(liveEvents.listenerJoin, { broadcastId, language, voice: 'none', lastSeq: 0 })) as { ok: boolean };
  if (!ack.ok) throw new Error('reader join refused');
  return { finals, close: () => socket.disconnect() };
}

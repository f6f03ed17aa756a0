import { describe, expect, it } from 'vitest';
import type { RecognitionStateEvent } from '@app/shared';
import { RecognitionError, type RecognitionEngine, type StreamHandlers } from '../../providers/recognition/recognizer';
import type { FeedClock } from '../../providers/recognition/audio-feed';
import { RecognitionSession } from './recognition-session';

/**
 * The hand-back (decision 043): both server engines are down, the speaker's browser recognises the
 * sermon and sends its phrases as lines; an engine answers again, and the words the page's
 * recogniser and the engine both heard in that instant reach a listener once, whichever of the two
 * lines arrives first.
 */
const rules: RecognitionEngine['rules'] = { minChunkMs: 20, maxChunkMs: 1000, pace: null, idleCloseMs: null, keepAlive: 'none', maxTerms: 100, maxTermChars: 50 };

function sermon() {
  let now = 0;
  let pending: (() => void)[] = [];
  const clock: FeedClock = {
    now: () => now,
    later: (fn) => {
      pending.push(fn);
      return { cancel: () => (pending = pending.filter((f) => f !== fn)) };
    },
  };
  let down = false;
  let handlers: StreamHandlers | null = null;
  const engine = (kind: 'deepgram' | 'assemblyai'): RecognitionEngine => ({
    kind, rules,
    open: async (o) => {
      if (down) throw new RecognitionError('Service Unavailable', 503);
      handlers = o.handlers;
      return { send: () => undefined, keepAlive: () => undefined, finish: async () => undefined, close: () => undefined, termsSent: 0 };
    },
  });
  const said: string[] = [];
  const states: Omit<RecognitionStateEvent, 'sermonId'>[] = [];
  const session = new RecognitionSession(
    [{ slot: 'primary', engine: engine('deepgram') }, { slot: 'failover', engine: engine('assemblyai') }],
    { language: 'en', terms: [] },
    {
      interim: () => undefined,
      final: async (text) => void said.push(text),
      state: (s) => void states.push(s),
      usage: () => undefined,
      failed: () => undefined,
      log: () => undefined,
    },
    clock,
    () => 0.5,
  );
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    said, session,
    /** The engine says a final phrase. */
    hears: async (text: string) => {
      handlers!.onResult({ text, final: true });
      await settle();
    },
    /** Both engines go down until `comeBack`; the session says `failed` (no engine listens). */
    outage: async () => {
      down = true;
      handlers!.onFailure(new RecognitionError('closed', 1011, 'server'));
      for (let i = 0; i < 10 && states.at(-1)?.state !== 'failed'; i++) {
        now += 100;
        await settle();
        const due = pending;
        pending = [];
        due.forEach((f) => f());
        await settle();
      }
      expect(states.at(-1)).toMatchObject({ engine: null, state: 'failed' });
    },
    comeBack: async () => {
      down = false;
      now += 10_000;
      const due = pending;
      pending = [];
      due.forEach((f) => f());
      await settle();
      expect(states.at(-1)).toMatchObject({ state: 'listening' });
    },
    wait: (ms: number) => void (now += ms),
    /** A line from the speaker's page (its browser's recogniser): what the phones get of it. */
    page: (text: string) => {
      const left = session.pageSpoke(text);
      if (left) said.push(left);
    },
  };
}

describe('the hand-back from the browser to a server engine', () => {
  it('the page\'s last line arrives first: the engine\'s first phrase goes without the words it shares with it', async () => {
    const s = sermon();
    await s.session.start();
    await s.hears('Grace and peace to you');
    await s.outage();
    s.page('Paul wrote to the church');
    await s.comeBack();
    // The page's recogniser stops when told the engine listens: its last phrase ran into that instant.
    s.page('Love is patient and kind');
    await s.hears('patient and kind. It does not boast');
    await s.hears('Faith hope and love remain');
    expect(s.said).toEqual(['Grace and peace to you', 'Paul wrote to the church', 'Love is patient and kind', 'It does not boast', 'Faith hope and love remain']);
    await s.session.stop();
  });

  it('the engine\'s first phrase arrives first: the page\'s last line goes without the words it shares with it, or not at all', async () => {
    const s = sermon();
    await s.session.start();
    await s.outage();
    s.page('Paul wrote to the church');
    await s.comeBack();
    await s.hears('Love is patient and kind');
    s.page('Paul said love is patient');
    await s.hears('It does not boast');
    expect(s.said).toEqual(['Paul wrote to the church', 'Love is patient and kind', 'Paul said', 'It does not boast']);

    await s.outage();
    s.page('Faith hope and love remain');
    await s.comeBack();
    await s.hears('The greatest is love');
    s.page('the greatest');
    expect(s.said.slice(-2)).toEqual(['Faith hope and love remain', 'The greatest is love']);
    await s.session.stop();
  });

  it('one word in common is the speaker\'s own, and a phrase long after the hand-back is not cut', async () => {
    const s = sermon();
    await s.session.start();
    await s.outage();
    s.page('Go in peace, so');
    await s.comeBack();
    await s.hears('so we go out');
    await s.outage();
    s.page('We pray for the city');
    await s.comeBack();
    s.wait(11_000);
    await s.hears('for the city we pray');
    expect(s.said).toEqual(['Go in peace, so', 'so we go out', 'We pray for the city', 'for the city we pray']);
    await s.session.stop();
  });
});

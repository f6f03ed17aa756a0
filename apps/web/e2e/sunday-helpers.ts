import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { io } from 'socket.io-client';
import { DEMO_PASSWORD } from './fixtures';

export { seriousViolations } from './axe';

/**
 * The speaker of a Sunday journey, driven through the API and the live socket as the speaker's
 * screen would: the journeys here are about what visitors and the room's screen see.
 */
export async function goLiveAsSpeaker(baseURL: string) {
  const login = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff@demo.church', password: DEMO_PASSWORD }),
  });
  const me = (await login.json()) as { churchId: string };
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const headers = { cookie, 'content-type': 'application/json', origin: baseURL };
  const res = await fetch(`${baseURL}/api/v1/sermons`, { method: 'POST', headers, body: JSON.stringify({ churchId: me.churchId, sourceLanguage: 'en' }) });
  if (res.status !== 201) throw new Error(`go live: ${res.status} ${await res.text()}`);
  const sermon = (await res.json()) as { id: string; broadcastId: string };
  const socket = io(`${baseURL}/live`, { transports: ['websocket'], extraHeaders: { cookie, origin: baseURL }, forceNew: true });
  await socket.timeout(10_000).emitWithAck('speaker:join', { sermonId: sermon.id });
  let seq = 0;
  return {
    sermon,
    say: (text: string) => socket.timeout(10_000).emitWithAck('speaker:segment', { sermonId: sermon.id, seq: ++seq, text, final: true, clientId: randomUUID() }),
    end: async () => {
      await fetch(`${baseURL}/api/v1/sermons/${sermon.id}/end`, { method: 'POST', headers: { cookie, origin: baseURL } });
      socket.disconnect();
    },
  };
}

/**
 * The page's clock set two hours back, running on from there: a visitor who arrives before the
 * service. The demo service is every Sunday morning in Sydney and stays "next" for an hour after
 * its start (lobby-facts.ts), so a run in that hour would otherwise find it starting, with no
 * countdown; two hours back is before the next service whenever the suite runs.
 */
export async function arriveBeforeTheService(page: Page) {
  await page.clock.install({ time: Date.now() - 2 * 60 * 60_000 });
}

/** Nothing wider than the screen, and every element of `selector` inside the viewport. */
export async function overflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    scrollHeight: document.documentElement.scrollHeight,
    clientHeight: document.documentElement.clientHeight,
  }));
}

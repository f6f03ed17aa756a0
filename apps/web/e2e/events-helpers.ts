import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';

/** Map tiles never load in journeys: the picker must work on a blank map (decision 012). */
export async function blockMapTiles(context: BrowserContext) {
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

/** Signs the API request context in as a demo person (no browser form: the journey is elsewhere). */
export async function apiSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The demo church of the demo admin (Harbour City Church, Sydney). */
export async function demoChurchId(request: APIRequestContext): Promise<string> {
  const churches = (await (await request.get('/api/v1/churches/public')).json()) as Array<{ id: string; name: string }>;
  return churches.find((c) => c.name === 'Harbour City Church')!.id;
}

/** An event of the demo church next year at 19:00 Sydney time, made by the demo church admin. */
export async function createDemoEvent(request: APIRequestContext, over: Record<string, unknown> = {}) {
  await apiSignIn(request, 'admin@demo.church');
  const churchId = await demoChurchId(request);
  const year = new Date().getFullYear() + 1;
  const name = `Journey Gathering ${Date.now().toString(36)}`;
  const res = await request.post('/api/v1/events', {
    data: { name, description: 'Songs, food and friends.', startsAt: `${year}-06-20T19:00:00+10:00`, location: 'Church hall', churchId, isPublic: true, ...over },
  });
  expect(res.status(), await res.text()).toBe(201);
  await request.post('/api/v1/auth/logout');
  return { ...((await res.json()) as { id: string; name: string }), churchId, year };
}

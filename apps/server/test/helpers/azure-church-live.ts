import { afterAll, afterEach, beforeAll } from 'vitest';
import { MOCK_SPEECH_KEY, MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../mock-azure';
import { buildCast } from './factories';
import { addChurchLanguages, listen, liveClients, useAzureKeys } from './live-kit';
import { createTestApp, type TestApp } from './test-app';

type Cast = Awaited<ReturnType<typeof buildCast>>;

/**
 * A church that translates and speaks through the loopback Azure, on a listening test app, for a
 * file of live tests: set up once before them, its live clients closed after each, all of it
 * closed after the last. Its parts are read once set up (`church.url`, `church.cast`…).
 */
export function azureChurchLive(mockOptions: Parameters<typeof startMockAzure>[0], opts: { otherChurchLanguages?: boolean } = {}) {
  let mock: MockAzure;
  let t: TestApp;
  let url: string;
  let cast: Cast;
  const live = liveClients(() => ({ url, app: t.app, staffCookie: cast.staff.cookie, listenerCookie: cast.member.cookie, churchId: cast.church.id }));
  beforeAll(async () => {
    mock = await startMockAzure(mockOptions);
    t = await createTestApp({ AZURE_TRANSLATOR_ENDPOINT: mock.url, AZURE_SPEECH_HOST: mock.url });
    cast = await buildCast(t.ctx.db);
    await addChurchLanguages(t.ctx.db, cast.church.id);
    if (opts.otherChurchLanguages) await addChurchLanguages(t.ctx.db, cast.otherChurch.id);
    await useAzureKeys(t.ctx, cast.church.id, { translatorKey: MOCK_TRANSLATOR_KEY, speechKey: MOCK_SPEECH_KEY });
    url = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });
  afterEach(() => live.closeAll());
  return {
    live,
    get mock() {
      return mock;
    },
    get t() {
      return t;
    },
    get url() {
      return url;
    },
    get cast() {
      return cast;
    },
  };
}

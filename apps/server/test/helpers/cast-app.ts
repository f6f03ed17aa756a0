import { afterAll, beforeAll } from 'vitest';
import { buildCast } from './factories';
import { createTestApp, type TestApp } from './test-app';

export type Cast = Awaited<ReturnType<typeof buildCast>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * The usual set-up of an API test file: a fresh app and database, the cast of every role in two
 * churches, and `call(method, '/path', cookie, body?)` under /api/v1. Read `t` and `cast` inside tests.
 * `env`: configuration for the app (a function when it needs values known only in `beforeAll`).
 */
export function useCastApp(env: Record<string, string> | (() => Record<string, string>) = {}) {
  const state = {} as { t: TestApp; cast: Cast };
  beforeAll(async () => {
    state.t = await createTestApp(typeof env === 'function' ? env() : env);
    state.cast = await buildCast(state.t.ctx.db);
  });
  afterAll(async () => { await state.t.close(); });
  return {
    get t() { return state.t; },
    get cast() { return state.cast; },
    call: (method: Method, url: string, cookie: string, payload?: unknown) =>
      state.t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) }),
  };
}

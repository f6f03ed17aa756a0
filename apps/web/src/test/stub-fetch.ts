import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { jsonResponse } from './render-screen';

/**
 * Call inside a `describe`: before each of its tests, empty storage and a fresh fetch mock in place
 * of fetch; after, the screen unmounted and the real fetch back. Vitest runs without globals here,
 * so Testing Library does not clean up on its own.
 */
export function stubFetchEachTest(): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

export type ApiHandler = (init: RequestInit | undefined) => Response;

/**
 * Like `stubFetchEachTest`, answering from `handlers`, keyed `METHOD /api/v1/...` and rebuilt from
 * `initialHandlers` before each test (a test may add or replace one); anything else is a 404.
 */
export function stubApiEachTest(initialHandlers: () => Record<string, ApiHandler>) {
  const fetchMock = stubFetchEachTest();
  const handlers: Record<string, ApiHandler> = {};
  const keyOf = (url: RequestInfo | URL, init: RequestInit | undefined) => `${init?.method ?? 'GET'} ${String(url)}`;
  beforeEach(() => {
    for (const key of Object.keys(handlers)) delete handlers[key];
    Object.assign(handlers, initialHandlers());
    fetchMock.mockImplementation(async (url, init) => {
      const handler = handlers[keyOf(url, init)];
      return handler ? handler(init) : jsonResponse(404, { code: 'not_found' });
    });
  });
  /** The requests made to one `METHOD /url`. */
  const calls = (key: string) => fetchMock.mock.calls.filter(([url, init]) => keyOf(url, init) === key);
  return { fetchMock, handlers, calls };
}

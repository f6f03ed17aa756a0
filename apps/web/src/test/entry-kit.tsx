import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, vi } from 'vitest';

// For the tests of the routerless listener entry (listen.html): the address is its
// state, so each test starts from a page load of `url` with nothing stored.

/** Renders `entry` as a page load of `url` would, with the providers its main module adds around it. */
export function openEntry(url: string, entry: ReactElement) {
  window.history.replaceState(null, '', url);
  return render(
    <MantineProvider>{entry}</MantineProvider>,
  );
}

/** A clean browser per test: nothing stored, and scrolling (which jsdom lacks) stubbed. */
export function freshBrowserEachTest() {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import type { ReactNode } from 'react';

interface RouterLike {
  state: { initialized: boolean };
  subscribe: (listener: (state: { initialized: boolean }) => void) => () => void;
}

/** Resolves once the router has run its first loaders and loaded its first lazy screen. */
export function routerReady(router: RouterLike): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Renders the app into `container`. A prerendered first screen there (`data-prerendered`, the
 * sign-in page, decision 031; its fields read-only and its button off, so nothing typed is lost)
 * stays on screen until `ready` (the router and the text have what the page needs), then the live
 * page replaces it in one commit: no loader shows in between.
 */
export function renderOverPrerendered(root: Root, container: HTMLElement, ready: Promise<unknown>, app: ReactNode) {
  if (!container.dataset.prerendered) {
    root.render(app);
    return;
  }
  void ready.then(() => {
    flushSync(() => root.render(app));
    delete container.dataset.prerendered;
  });
}

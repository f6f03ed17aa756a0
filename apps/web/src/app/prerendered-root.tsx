import { startTransition, useLayoutEffect, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';

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

/** Marks the container live once the app's first commit has replaced the prerendered markup. */
function MarkLive({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => {
    delete container.dataset.prerendered;
  }, [container]);
  return <>{children}</>;
}

/**
 * Renders an entry's app into `container` as a transition: React renders in slices and yields to
 * the browser between them, so a slow phone's main thread is never held for the whole first render
 * (decision 031).
 *
 * With `ready` (the router and the text have what the first page needs), the app is rendered only
 * then. A prerendered first screen (`data-prerendered`: the sign-in page and the dashboard; its fields
 * read-only and its buttons inert, so nothing typed is lost) stays on screen until that moment and
 * the live page replaces it in one commit, with no loader in between; any other page shows
 * `placeholder` meanwhile. Rendering the router before it is ready lost pages: a sliced render read
 * the router's state, the router finished starting before that render committed and subscribed, and
 * the page stayed blank.
 */
export function renderApp(root: Root, container: HTMLElement, app: ReactNode, ready?: Promise<unknown>, placeholder?: ReactNode) {
  if (!ready) {
    startTransition(() => root.render(app));
    return;
  }
  const prerendered = Boolean(container.dataset.prerendered);
  if (!prerendered && placeholder) root.render(placeholder);
  void ready.then(() =>
    startTransition(() =>
      root.render(
        prerendered ? (
          <MarkLive container={container}>
            {app}
          </MarkLive>
        ) : (
          app
        ),
      ),
    ),
  );
}

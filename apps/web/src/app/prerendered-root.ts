import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import type { ReactNode } from 'react';

interface RouterLike {
  state: { initialized: boolean };
  subscribe: (listener: (state: { initialized: boolean }) => void) => () => void;
}

/** Resolves once the router has run its first loaders and loaded its first lazy screen. */
function routerReady(router: RouterLike): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** What a person typed into the prerendered fields, and where the focus was, by the fields' order. */
function typedSoFar(container: HTMLElement) {
  const fields = [...container.querySelectorAll('input, textarea')] as Array<HTMLInputElement | HTMLTextAreaElement>;
  return { values: fields.map((f) => f.value), focused: fields.findIndex((f) => f === document.activeElement) };
}

/** Gives the live page's fields what was typed before it replaced the prerendered one, as typing would. */
function carryOver(container: HTMLElement, typed: ReturnType<typeof typedSoFar>) {
  const fields = [...container.querySelectorAll('input, textarea')] as Array<HTMLInputElement | HTMLTextAreaElement>;
  fields.forEach((field, i) => {
    const value = typed.values[i];
    if (!value || field.value || field.type === 'hidden') return;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  if (typed.focused >= 0) fields[typed.focused]?.focus();
}

/**
 * Renders the app into `container`. A prerendered first screen there (`data-prerendered`, the
 * sign-in page, decision 031) stays on screen until the router has what its page needs, then the
 * live page replaces it in one commit, keeping what the person typed meanwhile; no loader shows
 * in between.
 */
export function renderOverPrerendered(root: Root, container: HTMLElement, router: RouterLike, app: ReactNode) {
  if (!container.dataset.prerendered) {
    root.render(app);
    return;
  }
  void routerReady(router).then(() => {
    const typed = typedSoFar(container);
    flushSync(() => root.render(app));
    delete container.dataset.prerendered;
    carryOver(container, typed);
  });
}

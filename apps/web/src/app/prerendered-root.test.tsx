import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './prerendered-root';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => document.body.replaceChildren());

describe('renderApp', () => {
  it('shows the placeholder until the first page is ready, then the page', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const ready = deferred();
    await act(async () => renderApp(createRoot(container), container, <p>The page</p>, ready.promise, <p>Loading</p>));
    expect(container.textContent).toBe('Loading');
    await act(async () => ready.resolve());
    expect(container.textContent).toBe('The page');
  });

  it('keeps a prerendered page on screen, without a loader, until the live page replaces it', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.dataset.prerendered = 'signIn';
    container.innerHTML = '<p>Prerendered</p>';
    const ready = deferred();
    await act(async () => renderApp(createRoot(container), container, <p>Live</p>, ready.promise, <p>Loading</p>));
    expect(container.textContent).toBe('Prerendered');
    await act(async () => ready.resolve());
    expect(container.textContent).toBe('Live');
    expect(container.dataset.prerendered).toBeUndefined();
  });
});

// jsdom lacks what Mantine's comboboxes and scroll areas call.
if (typeof window !== 'undefined') {
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
  // A refused form focuses its first invalid field by a CSS selector (lib/zod-form.ts).
  globalThis.CSS ??= { escape: (v: string) => v.replace(/[^\w-]/g, (c) => `\\${c}`) } as typeof CSS;
}

// jsdom lacks matchMedia, which Mantine reads for colour scheme and breakpoints.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  });
}

// jsdom starts at '/', the sign-in page, which loads only its own part of the interface text
// (decision 029); the screens under test get all of it, as the router's loaders would fetch it.
const { loadAllTranslations } = await import('../i18n');
await loadAllTranslations();

// A screen's findBy… waits up to 1 s by default; on a loaded 2-core CI machine a form's save and its
// notice took longer (a profile test failed with the notice on its way). Waiting longer costs a
// passing test nothing: it returns as soon as the element is there.
const { configure } = await import('@testing-library/react');
configure({ asyncUtilTimeout: 5_000 });

export {};

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

export {};

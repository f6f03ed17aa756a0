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

// Files share one page and one set of modules (decision 050): each file leaves them as it found them.
const { afterAll } = await import('vitest');
const { cleanup } = await import('@testing-library/react');
const { i18n } = await import('../i18n');
const language = i18n.language;
afterAll(async () => {
  cleanup();
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) document.cookie = `${cookie.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  window.history.replaceState(null, '', '/');
  if (i18n.language !== language) await i18n.changeLanguage(language);
});

export {};

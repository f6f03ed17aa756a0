import { createElement } from 'preact/compat';

/*
 * `react` in the built app (aliases.ts, decision 029): Preact's compatibility layer stands in for
 * React and React DOM at a sixth of their size, plus React 19.2's <Activity>, which Mantine 9
 * imports for content it keeps mounted while hidden. Preact has none; a hidden Activity here keeps
 * its children (and their state) mounted in a display: none box, as React keeps them mounted and
 * hidden. Plain JavaScript: Preact's typings re-export with `export =`, which
 * a TypeScript `export *` cannot pass on.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

/** @param {{ mode?: 'visible' | 'hidden', children?: unknown }} props */
export function Activity({ mode = 'visible', children }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}

import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * What the built app resolves React to: Preact 11's compatibility layer, about 12 KB gzipped where
 * React DOM is 62 (decision 029). The dev server keeps React for Fast Refresh and React's warnings,
 * and unit tests keep it for Testing Library; the end-to-end journeys run on the build.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react$/, replacement: fileURLToPath(new URL('react-on-preact.js', import.meta.url)) },
];

/** Resolves ScrollArea's `@floating-ui/react` import to its one hook (merge-refs.ts), in the build only. */
export function scrollAreaRefs(): Plugin {
  const shim = fileURLToPath(new URL('merge-refs.ts', import.meta.url));
  return {
    name: 'scroll-area-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@floating-ui/react' && importer && /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer) ? shim : null;
    },
  };
}

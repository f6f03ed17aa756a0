import { fileURLToPath } from 'node:url';

/**
 * What the browser builds and the dev server resolve React to: Preact 11's compatibility layer,
 * about 12 KB gzipped where React DOM is 62 (decision 029). Unit tests keep React (Testing Library
 * renders through React DOM); both run the same components.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react$/, replacement: fileURLToPath(new URL('react-on-preact.js', import.meta.url)) },
];

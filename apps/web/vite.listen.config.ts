import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vite.config.ts';

// The listener pages' entry (listen.html, docs/decisions/018), built on its own after the main app
// into the same dist folder: sharing chunks with the main app's hundred lazy screens would cut its
// few modules into dozens of small files, each compressed alone (about 14 KB more gzipped).
export default defineConfig({
  ...base,
  // React and React DOM are Preact's compatibility layer here (about 12 KB gzipped instead of 66):
  // these pages must stay under 100 KB up to the first caption (decision 018, "Preact").
  resolve: {
    ...base.resolve,
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react$/, replacement: fileURLToPath(new URL('src/listen/react-on-preact.js', import.meta.url)) },
    ],
  },
  build: {
    ...base.build,
    emptyOutDir: false,
    rollupOptions: { input: { listen: fileURLToPath(new URL('listen.html', import.meta.url)) } },
  },
});

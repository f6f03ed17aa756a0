import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vite.config.ts';

// The listener pages' entry (listen.html, docs/decisions/018), built on its own after the main app
// into the same dist folder: sharing chunks with the main app's hundred lazy screens would cut its
// few modules into dozens of small files, each compressed alone (about 14 KB more gzipped).
export default defineConfig((env) => {
  const shared = base(env);
  return {
    ...shared,
    build: {
      ...shared.build,
      emptyOutDir: false,
      rollupOptions: { input: { listen: fileURLToPath(new URL('listen.html', import.meta.url)) } },
    },
  };
});

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeSectionsPlugin } from './src/i18n/locale-sections.ts';
import { preactAliases } from './preact/aliases.ts';

const server = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  plugins: [react(), localeSectionsPlugin()],
  // @mantine/charts pulls its own newer @mantine/core and hooks into apps/web/node_modules: two copies
  // would mean two React contexts ("MantineProvider was not found") and twice the download.
  // What ships runs on Preact (decision 029); the dev server (Fast Refresh) and unit tests on React.
  resolve: { dedupe: ['@mantine/core', '@mantine/hooks'], alias: command === 'build' ? preactAliases : [] },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/socket.io': { target: server, ws: true },
    },
  },
  // index.html only; the listener pages' entry (listen.html) is a build of its own (vite.listen.config.ts).
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'preact/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
}));

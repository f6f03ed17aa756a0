import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import type { UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { localeSectionsPlugin } from './src/i18n/locale-sections.ts';

const server = process.env.API_URL ?? 'http://localhost:3000';

/** What every build of the app transforms its modules with (the prerender's too). */
export const appPlugins = () => [react(), localeSectionsPlugin()];

// @mantine/charts pulls its own newer @mantine/core and hooks into apps/web/node_modules: two copies
// would mean two React contexts ("MantineProvider was not found") and twice the download.
export const appResolve = { dedupe: ['@mantine/core', '@mantine/hooks'] };

const mainConfig: UserConfig = {
  plugins: [
    ...appPlugins(),
    // Every file of the build beside its brotli (.br) and gzip (.gz) copies, at full strength, once:
    // the server sends the one the browser accepts (decision 031). A copy that would not be smaller
    // is not written (the plugin's default), so a tiny file goes as it is.
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  resolve: appResolve,
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/socket.io': { target: server, ws: true },
    },
  },
  // index.html only; the listener entry is a build of its own (vite.listen.config.ts).
  // The manifest tells scripts/first-pages.mjs which files each first page needs (decision 031).
  // WEB_DIST: another build folder (the server serves the same one), e.g. while journeys use dist.
  build: { outDir: process.env.WEB_DIST ?? 'dist', sourcemap: true, chunkSizeWarningLimit: 1500, manifest: '.vite/manifest-main.json' },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
};

export default defineConfig(mainConfig);

/**
 * The build of the listener entry (listen.html, docs/decisions/018), run after the main app's into
 * the same dist folder: sharing chunks with the main app's hundred lazy screens would cut its few
 * modules into dozens of small files, each compressed alone.
 */
export function listenerEntry(name: string, html: string) {
  return defineConfig({
    ...mainConfig,
    build: {
      ...mainConfig.build,
      emptyOutDir: false,
      manifest: `.vite/manifest-${name}.json`,
      rollupOptions: { input: { [name]: fileURLToPath(new URL(html, import.meta.url)) } },
    },
  });
}

import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import type { UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { localeSectionsPlugin } from './src/i18n/locale-sections.ts';
import { mantineStylesGuard } from './src/app/mantine-styles-guard.ts';

const server = process.env.API_URL ?? 'http://localhost:3000';

/** What every build of the app transforms its modules with (the prerender's too). */
export const appPlugins = () => [react(), localeSectionsPlugin()];

// @mantine/charts pulls its own newer @mantine/core and hooks into apps/web/node_modules: two copies
// would mean two React contexts ("MantineProvider was not found") and twice the download.
// React Router's package exports name only its development build (with its warnings and checks);
// its production build sits beside it and is what a build ships (decision 031).
export const appResolve = (command: 'build' | 'serve') => ({
  dedupe: ['@mantine/core', '@mantine/hooks'],
  alias: command === 'build' ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : [],
});

/**
 * What every first page needs from node_modules, in two files rather than dozens: left to itself
 * the bundler cut React, the router and each Mantine component into chunks of 1–10 KB, and a phone
 * fetched 60–90 files before the sign-in page or the dashboard could run, six at a time over
 * HTTP/1.1 (decision 031). Libraries only some screens use (charts, maps, the speech SDK, dates,
 * tables) keep their own lazy chunks.
 */
const vendorChunks = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query|i18next|react-i18next|i18next-browser-languagedetector|html-parse-stringify|void-elements|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks|notifications|modals|form)|@floating-ui|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|detect-node-es|react-number-format|react-textarea-autosize|use-composed-ref|use-isomorphic-layout-effect|use-latest|@tabler[\\/]icons-react)[\\/]/, priority: 20 },
];

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
  build: {
    outDir: process.env.WEB_DIST ?? 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    manifest: '.vite/manifest-main.json',
    rolldownOptions: { output: { codeSplitting: { groups: vendorChunks } } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Both cores: by default Vitest keeps one free, and one file at a time this suite took five
    // minutes on a two-core machine (it runs alone, after the server's).
    maxWorkers: 2,
    // Each file in a VM context of a long-lived worker (decision 050): a fresh jsdom per file in a
    // process of its own cost about 2.5 s of set-up a file (75 s of 139); side by side under the same
    // load the suite took 131 s this way against 298 s.
    pool: 'vmThreads',
  },
};

export default defineConfig(({ command }) => ({ ...mainConfig, resolve: appResolve(command) }));

/**
 * The build of the listener entry (listen.html, docs/decisions/018), run after the main app's into
 * the same dist folder: sharing chunks with the main app's hundred lazy screens would cut its few
 * modules into dozens of small files, each compressed alone.
 */
export function listenerEntry(name: string, html: string) {
  return defineConfig(({ command }) => ({
    ...mainConfig,
    // Its Mantine styles are imported per component (src/app/listener-styles.ts).
    plugins: [...(mainConfig.plugins ?? []), mantineStylesGuard()],
    resolve: appResolve(command),
    build: {
      ...mainConfig.build,
      emptyOutDir: false,
      manifest: `.vite/manifest-${name}.json`,
      rolldownOptions: { input: { [name]: fileURLToPath(new URL(html, import.meta.url)) } },
    },
  }));
}

import { fileURLToPath } from 'node:url';
import type { ConfigEnv, UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeSectionsPlugin } from './src/i18n/locale-sections.ts';
import { preactAliases, scrollAreaRefs } from './preact/aliases.ts';

const server = process.env.API_URL ?? 'http://localhost:3000';

const mainConfig = ({ command }: ConfigEnv): UserConfig => ({
  plugins: [react(), localeSectionsPlugin(), ...(command === 'build' ? [scrollAreaRefs()] : [])],
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
  // index.html only; the lean entries are builds of their own (`leanEntry`).
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'preact/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
});

export default defineConfig(mainConfig);

type Alias = { find: RegExp; replacement: string };

/** For the lean entries whose pages import React Router: the few parts they use, on the entry's own navigation. */
export const routerStandIn: Alias = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('src/app/entry-router/router-stand-in.tsx', import.meta.url)),
};

/**
 * The build of a lean entry (listen.html, decision 018; signed-out.html and dashboard.html, decision 029), run after the
 * main app's into the same dist folder: sharing chunks with the main app's hundred lazy screens would
 * cut its few modules into dozens of small files, each compressed alone (about 14 KB more gzipped).
 * `alias` adds to the main app's (Preact's) what this entry resolves differently.
 */
export function leanEntry(name: string, html: string, alias: Alias[] = []) {
  return defineConfig((env) => {
    const main = mainConfig(env);
    return {
      ...main,
      resolve: { ...main.resolve, alias: [...(main.resolve?.alias as Alias[]), ...alias] },
      build: {
        ...main.build,
        emptyOutDir: false,
        rollupOptions: { input: { [name]: fileURLToPath(new URL(html, import.meta.url)) } },
      },
    };
  });
}

import { defineConfig } from 'vite';
import { appPlugins, appResolve } from './vite.config.ts';

// The first screens prerendered to HTML (src/prerender/first-screens.tsx, decision 031): built for
// Node into dist-prerender, run by scripts/prerender.mjs, then removed.
export default defineConfig({
  plugins: appPlugins(),
  resolve: appResolve('build'),
  build: { ssr: 'src/prerender/first-screens.tsx', outDir: 'dist-prerender', emptyOutDir: true, sourcemap: false },
  ssr: { noExternal: ['@app/shared'] },
});

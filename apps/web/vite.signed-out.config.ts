import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vite.config.ts';

// The signed-out pages' entry (signed-out.html, decision 029), built on its own after the main app
// into the same dist folder, like the listener entry (vite.listen.config.ts). Its pages are the main
// app's; their few router imports resolve to the entry's own navigation (router-stand-in.tsx).
export default defineConfig((env) => {
  const shared = base(env);
  const standIn = fileURLToPath(new URL('src/app/signed-out/router-stand-in.tsx', import.meta.url));
  return {
    ...shared,
    resolve: { ...shared.resolve, alias: [...(shared.resolve?.alias as []), { find: /^react-router$/, replacement: standIn }] },
    build: {
      ...shared.build,
      emptyOutDir: false,
      rollupOptions: { input: { signedOut: fileURLToPath(new URL('signed-out.html', import.meta.url)) } },
    },
  };
});

// Bundles the server into dist/main.js. npm dependencies stay external (installed alongside);
// @app/shared is TypeScript source and is compiled into the bundle.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }),
  logLevel: 'warning',
});

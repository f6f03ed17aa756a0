// Bundles the server into dist/main.js, and the backup worker it starts for each backup into
// dist/backup-worker.js (decision 032). npm dependencies stay external (installed alongside);
// @app/shared is TypeScript source and is compiled into the bundle.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: { main: 'src/main.ts', 'backup-worker': 'src/modules/backups/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }),
  logLevel: 'warning',
});

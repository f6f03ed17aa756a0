import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The apps/server folder, whether running from src/ (tsx, vitest) or the bundled dist/. */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle.config.ts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server root not found');
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();
export const repoRoot = path.resolve(serverRoot, '../..');

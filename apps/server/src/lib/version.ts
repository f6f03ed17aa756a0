import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../db/paths';

export const appVersion: string = (
  JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }
).version;

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import { listenerSections, mergeSections, pickSections } from './locale-sections';

const listenerDirs = ['../features/live/listener', '../features/live/lib', '../components/salvation'];

/** Literal keys (`t('a.b')`) and key prefixes (`t(\`a.b.${x}\`)`) in the listener pages' own files. */
function keysUsedByListenerPages(): string[] {
  const files = listenerDirs.flatMap((dir) =>
    readdirSync(path.join(import.meta.dirname, dir))
      .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
      .map((f) => path.join(import.meta.dirname, dir, f)),
  );
  return files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\bt\(\s*['`]([a-zA-Z][\w.]*)/g)].map((m) => m[1]!.replace(/\.$/, '')));
}

describe('locale sections', () => {
  it('splits a locale into two parts that merge back into the whole', () => {
    const listener = pickSections(en, listenerSections, 'listener');
    const other = pickSections(en, listenerSections, 'other');
    expect(listener.live).toBeDefined();
    expect(other.live).toBeDefined();
    expect(mergeSections(structuredClone(listener), other)).toEqual(en);
  });

  it('gives the listener pages every key they use', () => {
    const listener = pickSections(en, listenerSections, 'listener');
    const has = (key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], listener) !== undefined;
    // A counted key (`t('x.minutes', { count })`) lives as `minutes_one`, `minutes_other`.
    const missing = keysUsedByListenerPages().filter((key) => !has(key) && !has(`${key}_other`));
    expect(missing).toEqual([]);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import { mergeSections, pickSections, type LocalePart } from './locale-sections';

const listenerDirs = ['../features/live/listener', '../features/live/lib', '../components/salvation'];
// The signed-out pages and what they import that shows text (decision 029).
const signedOutFiles = ['../features/auth', '../components/form-fields', '../components/language-picker.tsx', '../lib/error-message.ts', '../components/ui-overlays.tsx'];
// The signed-in shell and the dashboard and what they import that shows text (decision 029).
const dashboardFiles = [
  '../app/layouts/admin-layout.tsx',
  '../features/shell',
  '../components/navigation',
  '../features/dashboard',
  '../features/chat/components/chat-button.tsx',
  '../components/query-states.tsx',
  '../components/app-breadcrumbs.tsx',
  '../components/app-logo.tsx',
  '../components/language-picker.tsx',
  '../components/salvation',
  '../lib/scheduled-sermons.ts',
  '../lib/public-churches.ts',
];

function sourceFiles(entry: string): string[] {
  const full = path.join(import.meta.dirname, entry);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((f) => (statSync(path.join(full, f)).isDirectory() ? sourceFiles(path.join(entry, f)) : /\.tsx?$/.test(f) && !f.includes('.test.') ? [path.join(full, f)] : []));
}

/** Literal keys (`t('a.b')`) and key prefixes (`t(\`a.b.${x}\`)`) in these files. */
function keysUsedIn(entries: string[]): string[] {
  return entries.flatMap(sourceFiles).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\bt\(\s*['`]([a-zA-Z][\w.]*)/g)].map((m) => m[1]!.replace(/\.$/, '')));
}

/** Keys in `keys` that the merged `parts` of the English file do not have. */
function missingFrom(parts: LocalePart[], keys: string[]): string[] {
  const text = parts.reduce((all, part) => mergeSections(all, pickSections(structuredClone(en), part)), {});
  const has = (key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], text) !== undefined;
  // A counted key (`t('x.minutes', { count })`) lives as `minutes_one`, `minutes_other`.
  return keys.filter((key) => !has(key) && !has(`${key}_other`));
}

describe('locale sections', () => {
  it('splits a locale into four parts that merge back into the whole', () => {
    const [listener, signedOut, signedIn, other] = (['listener', 'signedOut', 'signedIn', 'other'] as const).map((part) => pickSections(en, part));
    expect(listener!.live).toBeDefined();
    expect(signedOut!.signup).toBeDefined();
    expect(signedIn!.nav).toBeDefined();
    expect(other!.live).toBeDefined();
    expect(other!.signup).toBeUndefined();
    expect(other!.nav).toBeUndefined();
    // A counted key goes with its name: both plural forms of the unread count are in the shell's part.
    expect(Object.keys((signedIn!.chat ?? {}) as object).sort()).toEqual(['open', 'openWithCount_one', 'openWithCount_other']);
    const whole = [listener!, signedOut!, signedIn!, other!].reduce((all, part) => mergeSections(all, structuredClone(part)), {});
    expect(whole).toEqual(en);
  });

  it('gives the listener pages every key they use', () => {
    expect(missingFrom(['listener'], keysUsedIn(listenerDirs))).toEqual([]);
  });

  it('gives the signed-out pages every key they use', () => {
    const keys = keysUsedIn(signedOutFiles);
    expect(keys.length).toBeGreaterThan(50);
    expect(missingFrom(['listener', 'signedOut'], keys)).toEqual([]);
  });

  it('gives the signed-in shell and the dashboard every key they use', () => {
    const keys = keysUsedIn(dashboardFiles);
    expect(keys.length).toBeGreaterThan(50);
    expect(missingFrom(['listener', 'signedOut', 'signedIn'], keys)).toEqual([]);
  });
});

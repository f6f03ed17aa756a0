import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The variables of config.ts's schema, read from its source: each is a key of `envSchema`'s
 * object, written at the start of a line (the formatter keeps it so).
 */
function configVariables(): string[] {
  const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
  const schema = source.split('const envSchema = z.object({')[1]?.split(/^}\);$/m)[0] ?? '';
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

/** The variables named in the first cell of each row of the README's "Configuration" table. */
function readmeVariables(): Set<string> {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const names = new Set<string>();
  for (const row of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const firstCell = row.split('|')[1] ?? '';
    for (const m of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(m[1]!);
  }
  return names;
}

describe('the README and the configuration', () => {
  it('lists every variable of the configuration in the README table', () => {
    const listed = readmeVariables();
    expect(configVariables()).toContain('DEEPGRAM_URL');
    const missing = configVariables().filter((name) => !listed.has(name));
    expect(missing, `missing from the README's configuration table: ${missing.join(', ')}`).toEqual([]);
  });

  it('names no variable in the table that the configuration does not read', () => {
    const known = new Set(configVariables());
    const unknown = [...readmeVariables()].filter((name) => !known.has(name));
    expect(unknown, `in the README but not in config.ts: ${unknown.join(', ')}`).toEqual([]);
  });
});

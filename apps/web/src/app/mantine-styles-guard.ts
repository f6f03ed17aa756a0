import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const component = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/;
const wholeSheet = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;
const stylesheet = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([^\\/.]+)\.css$/;

/**
 * For a build that imports Mantine's styles per component (the listener entry, listener-styles.ts):
 * fails the build when a Mantine component in it has a stylesheet of its own that nothing imports.
 * Components built only of others (Select, TextInput) have none; the ones they build on are in the
 * module graph themselves, so their styles are required too.
 */
export function mantineStylesGuard(): Plugin {
  return {
    name: 'mantine-styles-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imported = new Set<string>();
      for (const id of this.getModuleIds()) {
        // The whole sheet covers every component.
        if (wholeSheet.test(id)) return;
        const s = stylesheet.exec(id);
        if (s) imported.add(s[1]!);
      }
      // What the chunks hold after tree-shaking: Mantine's index names every component.
      const used = new Map<string, string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const id of file.moduleIds) {
          const c = component.exec(id);
          if (c) used.set(c[1]!, id.slice(0, id.search(component)));
        }
      }
      const missing = [...used]
        .filter(([name, root]) => !imported.has(name) && existsSync(path.join(root, '@mantine', 'core', 'styles', `${name}.css`)))
        .map(([name]) => name)
        .sort();
      if (missing.length) {
        this.error(`Mantine components without their styles: ${missing.map((n) => `@mantine/core/styles/${n}.css`).join(', ')}. Add them to src/app/listener-styles.ts.`);
      }
    },
  };
}

import type { Plugin } from 'vite';

type Tree = { [key: string]: string | Tree };

/**
 * The text the listener pages (`/joinlive`, `/sermon/join/…`) show, by key path: a phone joining a
 * sermon downloads these (about a sixth of a locale file) and the rest only if it opens another screen.
 * A key missing here shows as its raw name on those pages; locale-sections.test.ts checks the list.
 */
export const listenerSections = [
  'common',
  'errors',
  'languages',
  'live.common',
  'live.listener',
  'live.sermons',
  'live.endReasons',
  'live.speaker.live',
  'live.speaker.paused',
  'salvation',
  'lobby',
  'projector',
  'glossary.listenerFlag',
];

/** The part of `tree` under `paths` ('listener') or outside them ('other'); the two merge back into `tree`. */
export function pickSections(tree: Tree, paths: string[], part: 'listener' | 'other', prefix = ''): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key;
    const inside = paths.some((p) => path === p || path.startsWith(`${p}.`));
    const above = typeof value === 'object' && paths.some((p) => p.startsWith(`${path}.`));
    if (above) {
      const sub = pickSections(value, paths, part, `${path}.`);
      if (Object.keys(sub).length) out[key] = sub;
    } else if (inside === (part === 'listener')) {
      out[key] = value;
    }
  }
  return out;
}

/** Merges `source` into `target` key by key (sections of one locale file, split by `pickSections`). */
export function mergeSections(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = typeof current === 'object' && typeof value === 'object' ? mergeSections(current, value) : value;
  }
  return target;
}

/** `locales/xx.json?sections=listener|other`: one part of a locale file, as its own chunk. */
export function localeSectionsPlugin(): Plugin {
  return {
    name: 'locale-sections',
    enforce: 'pre',
    transform(code, id) {
      const part = /\/locales\/[a-z-]+\.json\?sections=(listener|other)$/.exec(id)?.[1] as 'listener' | 'other' | undefined;
      if (!part) return null;
      // Emitted as a module: Vite's JSON handling does not pick up an id with this query.
      const picked = pickSections(JSON.parse(code) as Tree, listenerSections, part);
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`, map: null };
    },
  };
}

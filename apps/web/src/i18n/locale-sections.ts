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

/**
 * The text of the signed-out pages (sign in with its two-step code, sign up, password reset, set
 * password) beyond the listener's: the first page every phone of the main app opens loads the
 * listener and signed-out parts, and the rest before any other screen (decision 029).
 * locale-sections.test.ts checks that those pages find every key they use.
 */
export const signedOutSections = ['auth', 'signup', 'security.signIn', 'security.twoStep', 'fields', 'validation', 'people.setPassword'];

/**
 * The signed-in shell's text and the dashboard's beyond the signed-out part: the first screen after
 * signing in loads these, and the rest before any other screen (decision 029).
 * locale-sections.test.ts checks that the shell and the dashboard find every key they use.
 */
export const signedInSections = ['shell', 'nav', 'dashboard', 'analytics', 'schedule.upcomingTitle', 'schedule.empty', 'followUps.title', 'chat.open', 'chat.openWithCount'];

/** The four parts of a locale file; together they are the whole file. */
export type LocalePart = 'listener' | 'signedOut' | 'signedIn' | 'other';

// A counted key is stored as `key_one`, `key_other`: it belongs where `key` does.
const within = (path: string, sections: string[]) => sections.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}_`));
const allSections = [...listenerSections, ...signedOutSections, ...signedInSections];

/** Which part holds `path` whole, or 'split' when parts of it belong to different parts. */
function ownerOf(path: string): LocalePart | 'split' {
  if (within(path, listenerSections)) return 'listener';
  if (within(path, signedOutSections)) return 'signedOut';
  if (within(path, signedInSections)) return 'signedIn';
  return allSections.some((p) => p.startsWith(`${path}.`)) ? 'split' : 'other';
}

/** The `part` of `tree`; the four parts merge back into `tree`. */
export function pickSections(tree: Tree, part: LocalePart, prefix = ''): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key;
    const owner = ownerOf(path);
    if (owner === 'split' && typeof value === 'object') {
      const sub = pickSections(value, part, `${path}.`);
      if (Object.keys(sub).length) out[key] = sub;
    } else if ((owner === 'split' ? 'other' : owner) === part) {
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

/** `locales/xx.json?sections=listener|signedOut|signedIn|other`: one part of a locale file, as its own chunk. */
export function localeSectionsPlugin(): Plugin {
  return {
    name: 'locale-sections',
    enforce: 'pre',
    transform(code, id) {
      const part = /\/locales\/[a-z-]+\.json\?sections=(listener|signedOut|signedIn|other)$/.exec(id)?.[1] as LocalePart | undefined;
      if (!part) return null;
      // Emitted as a module: Vite's JSON handling does not pick up an id with this query.
      const picked = pickSections(JSON.parse(code) as Tree, part);
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`, map: null };
    },
  };
}

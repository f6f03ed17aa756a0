// The documents the server sends for the first pages (decision 031), written into the built app as
// dist/first/{page}.{language}.html, each beside its brotli and gzip copies. Run by `npm run build`
// after the three Vite builds; the server picks the document by page and the visitor's language
// (apps/server/src/lib/web-app.ts), and falls back to the plain entries without them.
//
// - signIn: the main app's index.html with the sign-in page prerendered into its root
//   (src/prerender/first-screens.tsx), so it paints before any JavaScript has arrived.
// - dashboard.{role}: index.html with the dashboard in the signed-in shell prerendered for that role
//   (without the person's name and figures, which the live page brings), and preload hints for what
//   the router would otherwise fetch one after another: the shell, the dashboard and the text.
// - joinLive, sermonJoin, lobby, projector: listen.html with preload hints for the page and its text.
// The page names are those of matchListenerPage and matchSignedOutPage (@app/shared).

// The markup React renders for production, without development-only checks.
process.env.NODE_ENV ??= 'production';

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(web, process.env.WEB_DIST ?? 'dist');
const built = path.join(web, 'dist-prerender');
const { prerenderLanguages, prerenderRoles, renderDashboard, renderSignIn, startAfterPaintScript } = await import(path.join(built, 'first-screens.js'));
const out = path.join(dist, 'first');
await mkdir(out, { recursive: true });

const readJson = async (file) => JSON.parse(await readFile(path.join(dist, file), 'utf8'));
const manifests = { main: await readJson('.vite/manifest-main.json'), listen: await readJson('.vite/manifest-listen.json') };
const entries = { main: 'index.html', listen: 'listen.html' };
const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The files a module needs before it runs (its own and its static imports'), and their styles. */
function filesOf(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build has no ${key}`);
  if (seen.has(key)) return { scripts: [], styles: [] };
  seen.add(key);
  const scripts = [chunk.file];
  const styles = [...(chunk.css ?? [])];
  for (const imported of chunk.imports ?? []) {
    const more = filesOf(manifest, imported, seen);
    scripts.push(...more.scripts);
    styles.push(...more.styles);
  }
  return { scripts, styles };
}

/** `entry`'s document with hints for `modules` (beyond what the entry itself loads), in `language`. */
function withHints(html, build, modules, language) {
  const manifest = manifests[build];
  const own = filesOf(manifest, entries[build]);
  const seen = new Set([...own.scripts, ...own.styles]);
  const links = [];
  for (const key of modules) {
    const { scripts, styles } = filesOf(manifest, key);
    const add = (file, link) => {
      if (seen.has(file)) return;
      seen.add(file);
      links.push(link);
    };
    for (const file of styles) add(file, `<link rel="stylesheet" crossorigin href="/${file}">`);
    for (const file of scripts) add(file, `<link rel="modulepreload" crossorigin href="/${file}">`);
  }
  return html.replace('<html lang="en">', `<html lang="${language}">`).replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
}

const locale = (language, part) => `src/i18n/locales/${language}.json?sections=${part}`;
const listenerPages = {
  joinLive: ['src/features/live/listener/join-live-mobile-page.tsx'],
  sermonJoin: ['src/features/live/listener/sermon-join-page.tsx'],
  lobby: ['src/features/live/lobby/lobby-page.tsx', 'src/features/live/lobby/lobby-waiting.tsx'],
  projector: ['src/features/live/projector/projector-page.tsx'],
  overlay: ['src/features/live/overlay/overlay-page.tsx'],
};

async function write(name, html) {
  const file = path.join(out, name);
  await writeFile(file, html);
  await writeFile(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
}

/**
 * `page` prerendered into `doc`'s root. Until the live page replaces it, the prerendered markup takes
 * nothing in and says so to assistive technology (aria-disabled): its fields are read-only (what was
 * typed would be lost with them) and a submit button is a plain button, so neither a tap nor Enter
 * submits a form. They look the same; a tap or a keystroke takes effect once the page is live. Links
 * stay links: following one loads that page.
 */
function prerendered(doc, page, language, { title, html: markup }) {
  const html = markup
    .replace(/<button([^>]*) type="submit">/g, '<button$1 type="button" data-submit="">')
    .replace(/<(input|button|textarea)(?![^>]*aria-disabled)/g, '<$1 aria-disabled="true"')
    .replace(/<(input|textarea)(?![^>]*readOnly)/g, '<$1 readOnly=""');
  const out = doc
    .replace(/<html lang="[a-z]+">/, `<html lang="${language}" data-mantine-color-scheme="light">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${page}">${html}</div>`);
  if (!out.includes('data-prerendered')) throw new Error('the document has no empty root to prerender into');
  return startedAfterPaint(out);
}

/**
 * A prerendered document's JavaScript fetched and run once the page has painted
 * (startAfterPaintScript in @app/shared): the entry and its chunks become links no browser fetches,
 * which the one inline script the server's CSP allows turns into a module script and preloads.
 */
function startedAfterPaint(doc) {
  const out = doc
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, '<link rel="app-entry" href="$1">')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, '<link rel="app-module" href="$1">');
  if (!out.includes('rel="app-entry"') || /type="module"|modulepreload/.test(out)) throw new Error('the document does not load its entry as expected');
  return out.replace('</body>', `  <script>${startAfterPaintScript}</script>\n  </body>`);
}

const index = await readFile(path.join(dist, 'index.html'), 'utf8');
const listen = await readFile(path.join(dist, 'listen.html'), 'utf8');
for (const language of prerenderLanguages) {
  const signIn = prerendered(index, 'signIn', language, await renderSignIn(language));
  if (!signIn.includes('data-submit=""')) throw new Error('the prerendered sign-in page has no submit button');
  await write(`signIn.${language}.html`, signIn);

  const signedInText = ['listener', 'signedOut', 'signedIn'].map((part) => locale(language, part));
  const dashboard = withHints(index, 'main', ['src/app/layouts/admin-layout.tsx', 'src/features/dashboard/dashboard-page.tsx', ...signedInText], language);
  for (const role of prerenderRoles) {
    await write(`dashboard.${role}.${language}.html`, prerendered(dashboard, 'dashboard', language, await renderDashboard(language, role)));
  }
  for (const [page, modules] of Object.entries(listenerPages)) {
    await write(`${page}.${language}.html`, withHints(listen, 'listen', [...modules, locale(language, 'listener')], language));
  }
}
await rm(built, { recursive: true, force: true });
console.log(`first pages written for ${prerenderLanguages.join(', ')}`);

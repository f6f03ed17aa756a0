// Writes the prerendered first screens (decision 031) into the built app: dist/first/sign-in.{lang}.html,
// the main app's index.html with the sign-in page's markup in its root, each beside its brotli and
// gzip copies. Run by `npm run build` after `vite build -c vite.prerender.config.ts`.
// The markup React renders for production, without development-only checks.
process.env.NODE_ENV ??= 'production';

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = path.resolve(import.meta.dirname, '..');
const built = path.join(web, 'dist-prerender');
const { prerenderLanguages, renderSignIn } = await import(path.join(built, 'first-screens.js'));
const index = await readFile(path.join(web, 'dist/index.html'), 'utf8');
const out = path.join(web, 'dist/first');
await mkdir(out, { recursive: true });

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

for (const language of prerenderLanguages) {
  const { title, html } = await renderSignIn(language);
  const page = index
    .replace('<html lang="en">', `<html lang="${language}" data-mantine-color-scheme="light">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="signIn">${html}</div>`);
  if (!page.includes('data-prerendered')) throw new Error('index.html has no empty root to prerender into');
  const file = path.join(out, `sign-in.${language}.html`);
  await writeFile(file, page);
  await writeFile(`${file}.br`, brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(page, { level: 9 }));
}
await rm(built, { recursive: true, force: true });
console.log(`prerendered the sign-in page in ${prerenderLanguages.join(', ')}`);

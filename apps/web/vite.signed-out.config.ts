import { fileURLToPath } from 'node:url';
import { leanEntry } from './vite.config.ts';

// The signed-out pages' entry (signed-out.html, decision 029). Its pages are the main app's; their
// few router imports resolve to the entry's own navigation (router-stand-in.tsx).
export default leanEntry('signedOut', 'signed-out.html', [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('src/app/signed-out/router-stand-in.tsx', import.meta.url)) },
]);

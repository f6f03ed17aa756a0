import { leanEntry, routerStandIn } from './vite.config.ts';

// The signed-out pages' entry (signed-out.html, decision 029). Its pages are the main app's; their
// few router imports resolve to the entry's own navigation (app/entry-router/router-stand-in.tsx).
export default leanEntry('signedOut', 'signed-out.html', [routerStandIn]);

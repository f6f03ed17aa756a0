import { leanEntry, routerStandIn } from './vite.config.ts';

// The signed-in dashboard's entry (dashboard.html, decision 029): the shell and the dashboard, the
// first page after signing in, without React Router. Every other screen loads the main app.
export default leanEntry('dashboard', 'dashboard.html', [routerStandIn]);

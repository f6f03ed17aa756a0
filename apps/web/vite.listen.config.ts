import { leanEntry } from './vite.config.ts';

// The listener pages' entry (listen.html, docs/decisions/018).
export default leanEntry('listen', 'listen.html');

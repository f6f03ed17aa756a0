import { listenerEntry } from './vite.config.ts';

// The listener pages' entry (listen.html, docs/decisions/018): plain React, no router.
export default listenerEntry('listen', 'listen.html');

import { existsSync } from 'node:fs';

/**
 * The Chromium the journeys drive (decision 050): Debian's `chromium-headless-shell` when it is
 * installed, else Debian's `chromium`; `CHROMIUM_PATH` names another. The headless shell is
 * Chromium's own engine without the browser's window, tabs and GPU process around it — what
 * Playwright itself runs for headless journeys — and on two cores each journey ran 20–40% faster in
 * it. The cross-browser journeys (browsers/) keep the full browser: they are about it.
 */
export const JOURNEY_CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

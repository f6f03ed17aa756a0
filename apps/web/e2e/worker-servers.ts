/**
 * One app server per Playwright worker (decision 050): each worker's journeys run one at a time
 * against their own server, port, data folder and loopback engines, so the demo church's live
 * sermon, its outbox and its settings are never shared between journeys running at once.
 *
 * The servers are started by playwright.config.ts (one `webServer` each). Worker `i` talks to the
 * server at `workerPort(base, i)`; the config writes that port and data folder back into the worker
 * process's E2E_PORT and E2E_DATA_DIR, so a journey that reads them (the engine stand-ins' ports,
 * the outbox) or uses `baseURL` finds its own worker's server without knowing about workers.
 */

/** Ports three apart: each server's loopback engines sit at its port +500..+502 (engine-mocks.ts). */
export const workerPort = (basePort: number, parallelIndex: number) => basePort + 3 * parallelIndex;

/** Each worker's data folder: the outbox a journey reads a mailed code from is its own server's. */
export const workerDataDir = (baseDir: string, parallelIndex: number) => `${baseDir}/w${parallelIndex}`;

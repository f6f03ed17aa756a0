import type { AppContext } from '../../context';
import { liveFirst } from '../../lib/live-first';

/** Lets other work (live captions) run between slices of a long synchronous loop. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * Rows between two breaths: a few milliseconds of work on a busy 2-core server. At 250 a slice
 * took 10 to 40 ms, and a caption arriving then waited for it (decision 036, "Live captions first").
 */
export const SLICE = 50;

/**
 * How an import shares the database with live sermons (decision 036, "Live captions first"). The
 * embedded database runs each statement on the server's own thread through its one connection, and
 * a transaction holds that connection to its commit: a caption's insert waits behind whatever the
 * import holds. There the import takes steps of a few milliseconds and, between them, lets the
 * event loop run and waits for no caption to be in flight, spending the time budget (preview 5 s,
 * import 20 s) on short holds. PostgreSQL runs statements in its own processes over a pool, so
 * there the steps stay large and fast.
 */
export interface Pace {
  /** Items written per worker transaction. */
  batch: number;
  /** Rows per statement where an upload's table is stored and read, and a confirm's items written. */
  chunk: number;
  /** Between two steps: other work (live captions) runs first. */
  pause(): Promise<void>;
}

/** The longest a step waits for captions in flight: with lines that never stop, the import still moves. */
const LIVE_WAIT_MS = 250;

export function paceOf(ctx: Pick<AppContext, 'dbKind'>): Pace {
  if (ctx.dbKind === 'pglite') return { batch: 25, chunk: 100, pause: () => breathe().then(() => liveFirst(ctx).quiet(LIVE_WAIT_MS)) };
  // A pause between PostgreSQL batches still leaves the event loop (shared with sockets) free.
  return { batch: 200, chunk: 2000, pause: () => new Promise((resolve) => setTimeout(resolve, 10)) };
}

import type { AppContext } from '../../context';

/**
 * How an import shares the database with live sermons (decision 036, "Live captions first"). The
 * embedded database runs each statement on the server's own thread through its one connection, and
 * a transaction holds that connection to its commit: a caption's insert waits behind whatever the
 * import holds. There the import takes steps of a few milliseconds and lets the event loop run
 * between them, spending the time budget (preview 5 s, import 20 s) on short holds. PostgreSQL runs
 * statements in its own processes over a pool, so there the steps stay large and fast.
 */
export interface Pace {
  /** Items written per worker transaction. */
  batch: number;
  /** Rows per statement where an upload's table is stored and read, and a confirm's items written. */
  chunk: number;
  /** Between two steps: other work (live captions) runs first. */
  pause(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const EMBEDDED: Pace = { batch: 25, chunk: 250, pause: nextTurn };
// A pause between PostgreSQL batches still leaves the event loop (shared with sockets) free.
const POSTGRES: Pace = { batch: 200, chunk: 2000, pause: () => new Promise((resolve) => setTimeout(resolve, 10)) };

export const paceOf = (ctx: Pick<AppContext, 'dbKind'>): Pace => (ctx.dbKind === 'pglite' ? EMBEDDED : POSTGRES);

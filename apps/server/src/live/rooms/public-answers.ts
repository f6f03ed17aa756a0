/**
 * Public answers a crowd asks for at once, from memory (docs/decisions/034): a church's lobby
 * (`GET /lobby/:code`, `lobby:join`) and a sermon by its share link (`GET /sermons/by-broadcast/:id`).
 * When a sermon goes live, every phone in the lobby asks within the same second; each answer is
 * read from the database once and then served from here until something it depends on changes.
 *
 * Correctness:
 * - Every change an answer depends on (a sermon going live, pausing, ending or deleted; a church's
 *   settings, languages, keys, code, photo or scheduled services; a person's name) calls
 *   `changed(churchId)` (or `changed(null)`: every church) once it is stored. It forgets the
 *   church's answers here and, with several processes, on every other one through the live
 *   cluster's messages (cluster.ts), sent before the push that makes phones ask again, on the same
 *   Redis stream, so no process answers a push with what it held before the change.
 * - A read that started before a change is not kept (the generation moved on meanwhile), so an
 *   answer the database gave before the change never outlives it.
 * - What a cached value holds is what the database answered, before any per-person check: the
 *   callers still decide per request who may see what (a church without guests), as before.
 * - Nothing is kept longer than MAX_AGE_MS, in case a message between processes was lost; an
 *   answer may ask for less (a live sermon's join count moves, a service drops out of "next").
 * Concurrent misses of the same key share one read.
 */

/** The longest any answer is kept without a change telling us to forget it. */
export const MAX_AGE_MS = 30_000;
/** Answers kept at most (the oldest go first): sermons read by share link accumulate over weeks. */
const MAX_ENTRIES = 2000;

export interface Loaded<T> {
  value: T;
  /** The church the answer belongs to: `changed(churchId)` forgets it. */
  churchId: string;
  /** Epoch ms after which the answer must be read again (capped at MAX_AGE_MS from now). */
  expiresAt?: number;
}

interface Entry {
  value: unknown;
  churchId: string;
  expiresAt: number;
}

export class PublicAnswers {
  private readonly entries = new Map<string, Entry>();
  private readonly reading = new Map<string, Promise<unknown>>();
  /** Moves on at every change: a read that started before it is answered but not kept. */
  private generation = 0;
  /** Set by the live service: tells the other processes (cluster.ts). */
  broadcast: (churchId: string | null) => void = () => undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** The answer under `key`, read by `load` when not held (null: nothing to answer, not kept). */
  async get<T>(key: string, load: () => Promise<Loaded<T> | null>): Promise<T | null> {
    const held = this.entries.get(key);
    if (held && held.expiresAt > this.now()) return held.value as T;
    const inFlight = this.reading.get(key);
    if (inFlight) return (await inFlight) as T | null;
    const generation = this.generation;
    const read = load().then((loaded) => {
      if (!loaded) return null;
      if (generation === this.generation) this.keep(key, loaded);
      return loaded.value;
    });
    this.reading.set(key, read);
    try {
      return await read;
    } finally {
      if (this.reading.get(key) === read) this.reading.delete(key);
    }
  }

  /** Something a church's public answers depend on changed (null: every church): forgotten everywhere. */
  changed(churchId: string | null): void {
    this.forget(churchId);
    this.broadcast(churchId);
  }

  /** Forgets a church's answers (null: all) in this process only: another process said it changed. */
  forget(churchId: string | null): void {
    this.generation++;
    // Reads in flight are left to their waiters, but later askers start a read of their own.
    this.reading.clear();
    if (churchId === null) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (entry.churchId === churchId) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, loaded: Loaded<unknown>): void {
    const now = this.now();
    const expiresAt = Math.min(loaded.expiresAt ?? Number.POSITIVE_INFINITY, now + MAX_AGE_MS);
    if (expiresAt <= now) return;
    this.entries.delete(key);
    this.entries.set(key, { value: loaded.value, churchId: loaded.churchId, expiresAt });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}

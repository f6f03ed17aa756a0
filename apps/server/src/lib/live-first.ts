/**
 * Live captions first (decision 036, "Live captions first"). On the embedded database a final line
 * shares the server's one thread and one database connection with background work: a step of an
 * import that starts while a line is between its arrival and its last language sent makes that
 * line wait for the step. The live side counts the lines in flight; background work asks, between
 * two steps, for a moment with none, waiting at most `maxWaitMs` so it still moves when lines never
 * stop (several sermons at once).
 */
export class LiveFirst {
  private inFlight = 0;
  private waiting: Array<() => void> = [];

  /** A final line arrived; call the answer once its captions are all sent. */
  begin(): () => void {
    this.inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const wake of this.waiting.splice(0)) wake();
    };
  }

  /** Resolves when no line is in flight, or after `maxWaitMs`. */
  quiet(maxWaitMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== wake);
        resolve();
      }, maxWaitMs);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(wake);
    });
  }
}

const perContext = new WeakMap<object, LiveFirst>();

/** The one LiveFirst of an application context (the live pipeline and the jobs share it). */
export function liveFirst(ctx: object): LiveFirst {
  let found = perContext.get(ctx);
  if (!found) perContext.set(ctx, (found = new LiveFirst()));
  return found;
}

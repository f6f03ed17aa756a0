/**
 * Work that arrives all at once, taken a few at a time with the event loop's I/O in between
 * (decision 034). When a lobby turns live, two thousand joins are read in the same moment; taken as
 * they are read, a speaker's line read among them waited for all of them (half a second). Taken in
 * turns of `perTurn`, each turn a few milliseconds, the line is read and answered between two turns;
 * the joins are still answered in the order they came, and one alone waits one turn of the loop.
 */
export class Turns {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  constructor(private readonly perTurn: number) {}

  /** Resolves on a later turn of the event loop, in order, at most `perTurn` in one turn. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  get queued(): number {
    return this.waiting.length;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // An immediate queued from inside another runs at the loop's next turn, after its I/O.
    setImmediate(() => {
      this.scheduled = false;
      for (const resolve of this.waiting.splice(0, this.perTurn)) resolve();
      if (this.waiting.length > 0) this.schedule();
    });
  }
}

import type { ChildProcess } from 'node:child_process';

/** Sends a message to a benchmark's child process and waits for its answer of `type`. */
export function ask<T>(child: ChildProcess, message: object, type: string, timeoutMs = 300_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} from child within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (msg: { type: string }) => {
      if (msg.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(msg as T);
    };
    child.on('message', onMessage);
    if (Object.keys(message).length > 0) child.send(message);
  });
}

/** The p-th percentile of ascending `sorted` values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The backup worker: a child process the server starts for each backup (decision 032), so the
 * reading, compressing and encrypting run on another core at low priority, and the server's own
 * memory and event loop stay with its listeners. It gets one DumpJob over IPC, reports progress,
 * and answers done or failed. If the server goes away first, it removes its unfinished file and exits.
 */
import { rm } from 'node:fs/promises';
import { dumpFrom, type DumpJob } from './dump-source';

type WorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; bytes: number; head: unknown; maxRssBytes: number }
  | { type: 'failed'; message: string };

const send = (message: WorkerMessage, sent: (err: Error | null) => void = () => undefined) => process.send?.(message, sent);
let job: DumpJob | null = null;
// Set once the server has been handed the finished file: from then on the file is the server's.
let handedOver = false;

/** The server died or stopped mid-backup: leave nothing that could pass for a backup. */
function abandon(): void {
  void (job ? rm(job.file, { force: true }) : Promise.resolve()).finally(() => process.exit(1));
}

process.on('disconnect', () => {
  if (!handedOver) abandon();
});

process.once('message', (message: DumpJob) => {
  job = message;
  let last = 0;
  dumpFrom(message, (done, total) => {
    const now = Date.now();
    if (now - last < 250 && done < total) return;
    last = now;
    send({ type: 'progress', done, total });
  }).then(
    (result) => {
      // A dump finished after its server died (a busy machine notices the closed channel late)
      // has no one to store it.
      if (!process.connected) return abandon();
      // Its peak memory, for the benchmark (resourceUsage answers kilobytes).
      send({ type: 'done', bytes: result.bytes, head: result.head, maxRssBytes: process.resourceUsage().maxRSS * 1024 }, (err) => {
        if (err) return abandon();
        handedOver = true;
        process.disconnect();
      });
    },
    async (err: unknown) => {
      handedOver = true;
      await rm(message.file, { force: true });
      send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
      process.disconnect();
    },
  );
});

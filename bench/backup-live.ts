/**
 * bench:backup's live sermon: the speaker on a socket, N listeners in bench:live's worker processes
 * (bench/live-listeners.ts), a final line on demand, and each line's delay from sending to every
 * listener's receipt.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { ask } from './ipc';

const here = path.dirname(fileURLToPath(import.meta.url));
const now = () => performance.timeOrigin + performance.now();

export interface LiveSermon {
  /** Sends the next final line; answers its seq. */
  line(): number;
  /** When each seq was sent. */
  sentAt(seq: number): number;
  /** Every listener's delay for the lines `from`…`to`, ascending (read from the workers once, at the end). */
  latencies(from: number, to: number): Promise<number[]>;
  stop(): void;
}

export async function startLiveSermon(opts: { url: string; cookie: string; churchId: string; languages: string[]; listeners: number; maxLines: number; children: ChildProcess[] }): Promise<LiveSermon> {
  const res = await fetch(`${opts.url}/api/v1/sermons`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie: opts.cookie }, body: JSON.stringify({ churchId: opts.churchId, sourceLanguage: 'en' }),
  });
  if (res.status !== 201) throw new Error(`going live failed: ${res.status} ${await res.text()}`);
  const sermon = (await res.json()) as { id: string; broadcastId: string };
  const speaker: Socket = io(`${opts.url}/live`, { transports: ['websocket'], extraHeaders: { cookie: opts.cookie }, reconnection: false });
  const joined = await speaker.timeout(10_000).emitWithAck('speaker:join', { sermonId: sermon.id });
  if (!joined.ok) throw new Error(`speaker:join refused: ${JSON.stringify(joined.error)}`);
  const workerCount = Math.max(1, Math.min(4, Math.ceil(opts.listeners / 500)));
  const per = Math.ceil(opts.listeners / workerCount);
  const workers: ChildProcess[] = [];
  const readies: Array<Promise<unknown>> = [];
  for (let w = 0; w < workerCount; w++) {
    const worker = fork(path.join(here, 'live-listeners.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    opts.children.push(worker);
    workers.push(worker);
    await ask(worker, {}, 'spawned');
    readies.push(ask(worker, {
      type: 'start', urls: [opts.url], broadcastId: sermon.broadcastId, languages: opts.languages,
      count: Math.min(per, opts.listeners - w * per), offset: w * per, total: opts.listeners, segments: opts.maxLines,
    }, 'ready'));
  }
  await Promise.all(readies);

  const sent = new Float64Array(opts.maxLines + 1);
  let seq = 0;
  let reports: Array<{ live: number[] }> | null = null;
  return {
    line() {
      seq++;
      sent[seq] = now();
      speaker.emit('speaker:segment', { sermonId: sermon.id, seq, text: `Segment ${seq}: grace and peace to you from God our Father and the Lord Jesus Christ.`, final: true });
      return seq;
    },
    sentAt: (s) => sent[s]!,
    async latencies(from, to) {
      reports ??= await Promise.all(workers.map((w) => ask<{ live: number[] }>(w, { type: 'report' }, 'report')));
      const out: number[] = [];
      for (const r of reports) {
        for (let i = 0; i < r.live.length; i++) {
          const s = (i % opts.maxLines) + 1;
          if (s >= from && s <= to && r.live[i]! > 0) out.push(r.live[i]! - sent[s]!);
        }
      }
      return out.sort((a, b) => a - b);
    },
    stop() {
      for (const w of workers) w.send({ type: 'stop' });
      speaker.disconnect();
    },
  };
}

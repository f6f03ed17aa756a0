import { inArray, sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { Server } from 'socket.io';
import { CHAT_NAMESPACE, LIVE_NAMESPACE } from '@app/shared';
import type { AppContext } from '../context';
import { sermons } from '../db/schema';
import { withTimeout } from '../lib/with-timeout';
import type { LiveService } from './live-service';

/** A scrape must still answer when the database does not: the live-sermon count is then left out. */
const DB_READ_TIMEOUT_MS = 2000;

/**
 * The live figures at /metrics (decision 035), read when Prometheus scrapes, so the caption path
 * and the sockets pay nothing for them:
 * - `live_listeners{language}`: this process's own listeners. With several processes each one
 *   reports its own and Prometheus sums them (`sum by (language)`); a process that dies takes its
 *   figures with it instead of leaving a stale share in every other process's report.
 * - `live_sermons{status}`: sermons live or paused in the database, the same figure on every
 *   process (`max`), since several processes hold the same sermon.
 * - `socketio_connections{namespace}`: this process's sockets on /live and /chat.
 */
export function registerLiveMetrics(ctx: AppContext, live: LiveService, io: Server): void {
  const registers = [ctx.metrics.registry];
  new Gauge({
    name: 'live_listeners',
    help: "Listeners connected to this process, by caption language, over every live sermon (sum across processes).",
    labelNames: ['language'] as const,
    registers,
    collect() {
      this.reset();
      for (const [language, n] of live.localListenersByLanguage()) this.set({ language }, n);
    },
  });

  new Gauge({
    name: 'live_sermons',
    help: 'Sermons live or paused, from the database: the same on every process (take max across processes).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        const rows = await withTimeout(ctx.db
          .select({ status: sermons.status, n: sql<number>`count(*)::int` })
          .from(sermons).where(inArray(sermons.status, ['live', 'paused'])).groupBy(sermons.status), DB_READ_TIMEOUT_MS);
        this.set({ status: 'live' }, 0);
        this.set({ status: 'paused' }, 0);
        for (const r of rows) this.set({ status: r.status }, Number(r.n));
      } catch (err) {
        ctx.log.warn({ err }, 'live sermons could not be counted for /metrics');
      }
    },
  });

  new Gauge({
    name: 'socketio_connections',
    help: 'Socket.IO connections to this process, by namespace.',
    labelNames: ['namespace'] as const,
    registers,
    collect() {
      for (const namespace of [LIVE_NAMESPACE, CHAT_NAMESPACE]) this.set({ namespace }, io.of(namespace).sockets.size);
    },
  });
}

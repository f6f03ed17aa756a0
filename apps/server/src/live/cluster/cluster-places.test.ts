import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterRuns, startCluster, type Cluster } from '../../../test/helpers/cluster-kit';
import { connectPhone, eventually, type ClientSocket } from '../../../test/helpers/live-kit';
import { PLACE_TTL_MS } from '../../lib/concurrent-caps';

/**
 * Decision 048: the places a process holds in Redis under the listen limits outlive it by a few
 * seconds only, and a phone coming back under its own connection name is never refused for the
 * place its dead process held. Two real processes on PostgreSQL and Redis (see cluster.test.ts).
 */
describe.runIf(clusterRuns)('places held by a server process that was killed', () => {
  let cluster: Cluster;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    cluster = await startCluster({ SECRETS_KEY: '1'.repeat(64) });
  }, 200_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await cluster?.close();
  }, 30_000);

  it('are given back within seconds, and a phone’s own earlier place is never counted against it', async () => {
    const [doomed, survivor] = cluster.servers.map((s) => `http://127.0.0.1:${s.port}`);
    // Three pages of one phone on the first process: the device's cap (3 live connections) is full.
    const first = await connectPhone(doomed!, { connection: 'page-1' });
    sockets.push(first.socket);
    for (const name of ['page-2', 'page-3']) sockets.push((await connectPhone(doomed!, { cookie: first.cookie, connection: name })).socket);
    // One cap for the cluster: a fourth page on the other process is refused.
    await expect(connectPhone(survivor!, { cookie: first.cookie, connection: 'page-4' })).rejects.toMatchObject({ data: { code: 'too_many_connections' } });

    await cluster.servers[0]!.stop('SIGKILL');
    const killedAt = Date.now();
    // The first page comes back on the survivor at once: the place the dead process held is its own.
    const back = await connectPhone(survivor!, { cookie: first.cookie, connection: 'page-1' });
    sockets.push(back.socket);
    expect(Date.now() - killedAt).toBeLessThan(2000);
    // A new page waits only until the dead process's other places run out.
    await eventually(async () => {
      sockets.push((await connectPhone(survivor!, { cookie: first.cookie, connection: 'page-5' })).socket);
    }, 3 * PLACE_TTL_MS);
    const freedAfter = Date.now() - killedAt;
    expect(freedAfter).toBeLessThanOrEqual(PLACE_TTL_MS + 2000);
    // …and the cap holds again: pages 1 and 5 and one more, not a fourth. Pages 2 and 3 took their
    // places a moment apart (more under load), so the second may run out a little after the first.
    await eventually(async () => {
      sockets.push((await connectPhone(survivor!, { cookie: first.cookie, connection: 'page-6' })).socket);
    }, PLACE_TTL_MS);
    await expect(connectPhone(survivor!, { cookie: first.cookie, connection: 'page-7' })).rejects.toMatchObject({ data: { code: 'too_many_connections' } });
  }, 60_000);
});

import http from 'node:http';
import { percentile, round1 } from './ipc';

/**
 * Closed-loop HTTP load (decision 028): `concurrency` clients, each on its own keep-alive
 * connection, send one URL back to back for a while; the first `warmupMs` are not measured. Shared
 * by the API throughput benchmark (bench/api-load.ts) and the lobby herd's public reads
 * (bench/herd.ts).
 */
export interface LoadTarget {
  port: number;
  concurrency: number;
  warmupMs: number;
  /** CPU time the server process has used so far, in ms (its database's own is not in it on PostgreSQL). */
  serverCpuMs: () => Promise<number>;
}

export interface Sample { times: number[]; errors: number; cpuMs: number }
export interface Figures { rps: number; p50: number; p99: number; errors: number; requests: number; serverCpuMsPerRequest: number }

export function httpLoad(target: LoadTarget) {
  // Keep-alive connections, one per client, as browsers keep theirs.
  const agent = new http.Agent({ keepAlive: true, maxSockets: target.concurrency });

  function request(url: string, cookie?: string, method = 'GET'): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: target.port, path: `/api/v1${url}`, method, agent, headers: cookie ? { cookie } : {} }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** `concurrency` clients sending `url` back to back for `ms`; `cookieOf(i)` signs client i in. */
  async function drive(url: string, ms: number, cookieOf: (client: number) => string | undefined = () => undefined): Promise<Sample> {
    const times: number[] = [];
    let errors = 0;
    let cpuAtStart = 0;
    const cpuReading = new Promise<void>((r) => setTimeout(r, target.warmupMs)).then(async () => {
      cpuAtStart = await target.serverCpuMs();
    });
    const start = performance.now();
    const measureFrom = start + target.warmupMs;
    const end = measureFrom + ms;
    await Promise.all(Array.from({ length: target.concurrency }, async (_, i) => {
      const cookie = cookieOf(i);
      while (performance.now() < end) {
        const t0 = performance.now();
        const status = await request(url, cookie).catch(() => 0);
        const t1 = performance.now();
        // Counted by when it was answered, so an endpoint slower than a round still shows its rate.
        if (t1 < measureFrom || t1 > end) continue;
        times.push(t1 - t0);
        if (status !== 200) errors++;
      }
    }));
    await cpuReading;
    return { times, errors, cpuMs: (await target.serverCpuMs()) - cpuAtStart };
  }

  /** Requests a second over `measuredMs` of measured time, p50/p99, errors, server CPU per request. */
  function figures(samples: Sample[], measuredMs: number): Figures {
    const times = samples.flatMap((s) => s.times).sort((a, b) => a - b);
    const cpuMs = samples.reduce((n, s) => n + s.cpuMs, 0);
    return {
      rps: Math.round(times.length / (measuredMs / 1000)),
      p50: round1(percentile(times, 50)),
      p99: round1(percentile(times, 99)),
      errors: samples.reduce((n, s) => n + s.errors, 0),
      requests: times.length,
      serverCpuMsPerRequest: Math.round((100 * cpuMs) / Math.max(1, times.length)) / 100,
    };
  }

  return { request, drive, figures, close: () => agent.destroy() };
}

/**
 * Endpoints taking turns in `rounds` short runs of `ms / rounds` each, so a busy minute on a shared
 * machine falls on all of them alike; then each one's figures, with its share of `/health`'s rate
 * when `health` is among them.
 */
export async function inRounds(
  load: ReturnType<typeof httpLoad>,
  cases: Record<string, { url: string; cookieOf?: (client: number) => string | undefined }>,
  ms: number,
  rounds: number,
): Promise<Record<string, Figures & { shareOfHealth?: number }>> {
  const samples: Record<string, Sample[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, c] of Object.entries(cases)) samples[name]!.push(await load.drive(c.url, ms / rounds, c.cookieOf));
  }
  const results: Record<string, Figures & { shareOfHealth?: number }> = {};
  for (const name of Object.keys(cases)) {
    results[name] = load.figures(samples[name]!, ms);
    if (name !== 'health' && results.health) results[name]!.shareOfHealth = round1((100 * results[name]!.rps) / results.health.rps);
  }
  return results;
}

/** One line per endpoint, for the benchmark's log. */
export function describeFigures(name: string, r: Figures & { shareOfHealth?: number }): string {
  return `${name.padEnd(12)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  server CPU ${r.serverCpuMsPerRequest} ms/req${r.shareOfHealth === undefined ? '' : `  (${r.shareOfHealth}% of /health)`}`;
}

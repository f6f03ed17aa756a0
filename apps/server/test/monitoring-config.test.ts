import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseExposition } from './helpers/prometheus';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The `monitoring` profile of docker-compose.yml (decision 035), checked without Docker: the files
 * parse, point at each other (services, secret, mounts, data source uid), and every figure the
 * Grafana dashboard asks for is one the server really serves at /metrics.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFile(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  profiles?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  secrets?: string[];
  command?: string[];
  ports?: string[];
}
interface Compose {
  services: Record<string, Service>;
  secrets?: Record<string, { environment?: string; file?: string }>;
}

let compose: Compose;
let prometheus: { scrape_configs: Array<{ metrics_path: string; authorization: { type: string; credentials_file: string }; static_configs: Array<{ targets: string[] }> }> };
beforeAll(async () => {
  compose = parse(await read('docker-compose.yml'), { merge: true }) as Compose;
  prometheus = parse(await read('deploy/prometheus.yml'));
});

/** Where a compose service mounts a file or folder of the repository (`./deploy/x:/etc/y:ro`). */
function mountOf(service: Service, source: string): string | undefined {
  const volume = (service.volumes ?? []).find((v) => v.split(':')[0] === source);
  return volume?.split(':')[1];
}

describe('docker-compose monitoring profile', () => {
  it('starts Prometheus and Grafana only with --profile monitoring, on loopback ports', () => {
    for (const name of ['prometheus', 'grafana']) {
      const service = compose.services[name]!;
      expect(service.profiles, name).toEqual(['monitoring']);
      expect(service.image, name).toMatch(/^(prom\/prometheus|grafana\/grafana):v?\d+\.\d+\.\d+$/);
      for (const port of service.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    }
    for (const name of ['app1', 'app2', 'postgres', 'redis', 'proxy']) expect(compose.services[name]!.profiles, name).toBeUndefined();
  });

  it('gives the app processes and Prometheus the same METRICS_TOKEN', () => {
    const apps = Object.entries(compose.services).filter(([, s]) => s.environment?.METRICS_TOKEN !== undefined).map(([name]) => name);
    expect(apps.sort()).toEqual(['app1', 'app2']);
    expect(compose.services.app1!.environment!.METRICS_TOKEN).toBe('${METRICS_TOKEN:-}');
    expect(compose.secrets?.metrics_token).toEqual({ environment: 'METRICS_TOKEN' });
    expect(compose.services.prometheus!.secrets).toContain('metrics_token');
    const job = prometheus.scrape_configs[0]!;
    expect(job.authorization).toEqual({ type: 'Bearer', credentials_file: '/run/secrets/metrics_token' });
  });

  it('has Prometheus scrape /metrics of every app process, with the config file compose mounts', () => {
    const job = prometheus.scrape_configs[0]!;
    expect(job.metrics_path).toBe('/metrics');
    const port = compose.services.app1!.environment!.PORT;
    expect(job.static_configs.flatMap((c) => c.targets).sort()).toEqual([`app1:${port}`, `app2:${port}`]);
    const configPath = mountOf(compose.services.prometheus!, './deploy/prometheus.yml');
    expect(compose.services.prometheus!.command).toContain(`--config.file=${configPath}`);
  });

  it("has Grafana provisioned with Prometheus as its data source and the dashboard folder it mounts", async () => {
    const grafana = compose.services.grafana!;
    expect(mountOf(grafana, './deploy/grafana/provisioning')).toBe('/etc/grafana/provisioning');
    const datasources = parse(await read('deploy/grafana/provisioning/datasources/prometheus.yml'));
    expect(datasources.datasources).toEqual([expect.objectContaining({ uid: 'prometheus', type: 'prometheus', url: 'http://prometheus:9090' })]);
    const providers = parse(await read('deploy/grafana/provisioning/dashboards/sermon-translate.yml'));
    expect(providers.providers[0].options.path).toBe(mountOf(grafana, './deploy/grafana/dashboards'));
    expect(existsSync(path.join(root, 'deploy/grafana/dashboards/sermon-translate.json'))).toBe(true);
  });

  it('keeps /metrics off the public proxy', async () => {
    expect(await read('deploy/Caddyfile')).toMatch(/^\s*respond \/metrics 404$/m);
  });
});

describe('the Grafana dashboard', () => {
  const TOKEN = 'dashboard-check-token-0123456789abcdef0123';
  let t: TestApp;
  let served: Set<string>;
  let dashboard: { uid: string; panels: Array<{ type: string; title: string; datasource?: { uid: string }; targets?: Array<{ expr: string }> }> };
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    served = new Set(parseExposition(res.body).map((s) => s.name));
    // Histograms serve their _bucket, _sum and _count as soon as they exist; a histogram nobody
    // observed yet has no sample, so its family name comes from the TYPE line.
    for (const m of res.body.matchAll(/^# TYPE (\S+) histogram$/gm)) for (const suffix of ['_bucket', '_sum', '_count']) served.add(m[1] + suffix);
    for (const m of res.body.matchAll(/^# TYPE (\S+) \w+$/gm)) served.add(m[1]!);
    dashboard = JSON.parse(await read('deploy/grafana/dashboards/sermon-translate.json'));
  });
  afterAll(async () => { await t.close(); });

  /** The metric names of a PromQL expression: identifiers left once label lists, ranges and functions are taken out. */
  function metricsOf(expr: string): string[] {
    const bare = expr
      .replace(/\b(by|without)\s*\([^)]*\)/g, ' ')
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/"[^"]*"/g, ' ');
    return [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)].map((m) => m[1]!);
  }

  it('asks only for figures the server serves, through the provisioned data source', () => {
    const panels = dashboard.panels.filter((p) => p.type !== 'row');
    expect(panels.length).toBeGreaterThan(10);
    const asked = new Set<string>();
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe('prometheus');
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets!) {
        const names = metricsOf(target.expr);
        expect(names.length, target.expr).toBeGreaterThan(0);
        for (const name of names) {
          expect(served.has(name), `${panel.title}: ${name} in ${target.expr}`).toBe(true);
          asked.add(name);
        }
      }
    }
    // The list: listeners, caption delivery, HTTP, translation errors and time, jobs, backup age, memory, event loop.
    for (const name of [
      'live_listeners', 'caption_delivery_seconds_bucket', 'http_requests_total', 'translation_errors_total',
      'translation_duration_seconds_bucket', 'job_failures_total', 'last_good_backup_timestamp_seconds',
      'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds',
    ]) expect(asked.has(name), name).toBe(true);
  });
});

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The background jobs counted in `job_runs_total` / `job_failures_total`. */
export type JobName = 'purge' | 'digest' | 'backup';

/** Why a translation was asked for (TranslateOptions.purpose): a finished line, or one still growing. */
export type TranslationPurpose = 'final' | 'partial';

/** How a caption reached its room: the spoken words themselves, or a translation (or its fallback). */
export type CaptionKind = 'source' | 'translation';

// Buckets in seconds, per measure (decision 035). A request to the API takes milliseconds (a
// list, a sign-in's argon2 ~50 ms) up to seconds (a CSV export); a spoken caption tens of
// milliseconds; a translated one the engine's round trip on top (Azure ~100-400 ms, retries up
// to its budget of several seconds).
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const CAPTION_BUCKETS = [0.005, 0.01, 0.02, 0.035, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2, 5];
const TRANSLATION_BUCKETS = [0.025, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1, 2, 5, 10];

/**
 * One process's Prometheus figures (decision 035): built once per app, read at `/metrics`. Hot
 * paths only call the recorders below (a counter increment, a histogram observation); figures that
 * are a state (listeners, sockets, live sermons) are read when Prometheus scrapes, through the
 * `collect` of gauges their owners add to `registry`.
 */
export class AppMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template (unmatched: no route) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly captionDelivery = new Histogram({
    name: 'caption_delivery_seconds',
    help: "Time from the speaker's final line reaching the server to its caption being sent to the listeners' room, once per caption and language.",
    labelNames: ['kind'] as const,
    buckets: CAPTION_BUCKETS,
    registers: [this.registry],
  });

  readonly translationRequests = this.engineCounter('translation_requests_total', 'Requests to a translation engine (one per line, for every target language).');
  readonly translationCharacters = this.engineCounter('translation_characters_total', 'Characters sent to a translation engine, once per target language (as engines bill them).');
  readonly translationErrors = this.engineCounter('translation_errors_total', "Translation requests that failed for good (after the engine's own retries).");

  readonly translationDuration = new Histogram({
    name: 'translation_duration_seconds',
    help: 'Time a translation request took, retries included, successful or not.',
    labelNames: ['engine', 'purpose'] as const,
    buckets: TRANSLATION_BUCKETS,
    registers: [this.registry],
  });

  private readonly jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background job runs this process carried out (runs another process held the lock for are not counted).',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  private readonly jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Background job runs that failed.',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  /** Where the newest good backup's time is read at each scrape (the backups' own record, shared by the cluster). */
  private lastGoodBackupSource: (() => Promise<Date | null>) | null = null;

  private readonly lastGoodBackup: Gauge = (() => {
    const source = () => this.lastGoodBackupSource;
    return new Gauge({
      name: 'last_good_backup_timestamp_seconds',
      help: 'When the newest complete backup was written (Unix time); 0 while none is known. Take max() across processes.',
      registers: [this.registry],
      async collect() {
        const read = source();
        // A scrape must answer even when the database does not: the last value read stays.
        const at = read ? await read().catch(() => undefined) : undefined;
        if (at) this.set(at.getTime() / 1000);
      },
    });
  })();

  constructor() {
    // Every job is listed from the start, so a job that never failed shows 0 rather than nothing
    // (a rate over an absent series is empty, and an alert on it would never fire).
    for (const job of ['purge', 'digest', 'backup'] as const) {
      this.jobRuns.inc({ job }, 0);
      this.jobFailures.inc({ job }, 0);
    }
  }

  /**
   * The process's own figures from prom-client: resident memory, heap, event-loop delay
   * (p50/p90/p99 from perf_hooks), CPU, handles. Only when /metrics is open: the event-loop
   * monitor samples every 10 ms for as long as the process runs.
   */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
  }

  private engineCounter(name: string, help: string): Counter<'engine' | 'purpose'> {
    return new Counter({ name, help, labelNames: ['engine', 'purpose'] as const, registers: [this.registry] });
  }

  /** A run of a background job finished: `ok` false when it threw. */
  recordJobRun(job: JobName, ok: boolean): void {
    this.jobRuns.inc({ job });
    if (!ok) this.jobFailures.inc({ job });
  }

  /** Reads the newest good backup's time at each scrape, so every process reports the cluster's (decision 032). */
  readLastGoodBackupFrom(source: () => Promise<Date | null>): void {
    this.lastGoodBackupSource = source;
  }

  /** The newest complete backup's time, when it is known without asking (tests). */
  setLastGoodBackup(at: Date): void {
    this.lastGoodBackup.set(at.getTime() / 1000);
  }

  /** The Prometheus text exposition of every figure. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../../lib/app-metrics';

/** The label of requests no route matched: one series, whatever URLs are tried. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * `GET /metrics` in Prometheus' text format, open only to a request carrying METRICS_TOKEN
 * (access rule 'metrics-token', lib/access.ts), and every request's count and duration labelled by
 * its route template, never its URL, so the number of series stays bounded (decision 035).
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.httpRequests.inc({ method: req.method, route, status: reply.statusCode });
    metrics.httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    done();
  });

  // Not rate limited (a limit would lock Prometheus out); the token's length makes guessing it hopeless.
  app.get('/metrics', {
    schema: { hide: true },
    config: { requires: 'metrics-token' },
  }, async (_req, reply) => {
    reply.type(metrics.contentType);
    return metrics.exposition();
  });
}

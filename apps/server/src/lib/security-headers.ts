import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every response, its middleware built once. The Fastify plugin built
 * Helmet again on every request, parsing the content security policy each time: a few percent of a
 * list request's server time (decision 028).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const apply = helmet(options);
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}

/** A CSP source allowing one inline script with exactly this text. */
export function inlineScriptSource(script: string) {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

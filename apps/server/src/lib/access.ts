import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopeOf, type AccessRule, type Permission, type Scope } from '@app/shared';
import { AppError, forbidden, unauthenticated } from './errors';
import { isSameOrigin } from './origin';
import { actorFromToken, SESSION_COOKIE, type Actor } from './session';
import type { Db } from '../db/client';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a route needs: a permission of packages/shared, 'signed-in', 'public', or 'metrics-token'. */
    requires?: AccessRule;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The scope the actor's role has for the route's permission ('any' | 'own' | 'self'). */
    scope: Scope | null;
  }
}

/** The actor, or 401. For routes that declared a permission or 'signed-in' this never throws. */
export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthenticated();
  return req.actor;
}

/**
 * The church a church-scoped query must be filtered by: null means any church (platform admin).
 * An actor with 'own' scope but no church sees nothing rather than everything.
 */
export function churchFilter(actor: Actor, permission: Permission): string | null {
  const scope = scopeOf(actor.role, permission);
  if (scope === 'any') return null;
  if (!actor.churchId) throw forbidden('You are not assigned to a church');
  return actor.churchId;
}

/** Whether the actor may touch a record of `churchId` under `permission`; use to answer 404. */
export function canReachChurch(actor: Actor, permission: Permission, churchId: string | null): boolean {
  const scope = scopeOf(actor.role, permission);
  if (scope === 'any') return true;
  return scope !== undefined && churchId !== null && churchId === actor.churchId;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** One /api/v1 route (or /metrics) and the access rule it declared (for the test that audits every route). */
export interface DeclaredRoute {
  method: string;
  url: string;
  requires: AccessRule;
}

const declaredRoutes = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every /api/v1 route (and /metrics) registered on `app` so far, with its access rule. */
export function routesWithAccess(app: FastifyInstance): readonly DeclaredRoute[] {
  return declaredRoutes.get(app) ?? [];
}

/**
 * The single access mechanism: every /api route must declare `config.requires`;
 * the request's session is resolved once; the permission table decides. Mutations from a foreign
 * Origin are refused (CSRF defence on top of SameSite=Lax).
 */
export function registerAccess(app: FastifyInstance, db: Db, opts: { publicUrl?: string; metricsToken?: string }) {
  app.decorateRequest('actor', null);
  app.decorateRequest('scope', null);

  const declared: DeclaredRoute[] = [];
  declaredRoutes.set(app, declared);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1') && route.url !== '/metrics') return;
    const requires = route.config?.requires;
    if (!requires) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.requires)`);
    }
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, requires });
  });

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    if (!SAFE_METHODS.has(req.method) && !isSameOrigin(req.headers, opts.publicUrl)) {
      throw new AppError('foreign_origin', 403, 'Requests from another site are not allowed');
    }
  });

  // onRequest, before the body is read or validated: a signed-out or unpermitted caller learns
  // nothing about the payload rules and costs no upload parsing.
  app.addHook('onRequest', async (req) => {
    const rule = req.routeOptions.config?.requires;
    if (!rule) return;
    // A monitoring system has a token, not a session: no session lookup, no database read per scrape.
    if (rule === 'metrics-token') return checkMetricsToken(req, opts.metricsToken);
    req.actor = await actorFromToken(db, req.cookies[SESSION_COOKIE]);
    if (rule === 'public') return;
    const actor = requireActor(req);
    if (rule === 'signed-in') return;
    const scope = scopeOf(actor.role, rule);
    if (!scope) throw forbidden();
    req.scope = scope;
  });
}

const digestOf = (value: string) => createHash('sha256').update(value).digest();

/**
 * `Authorization: Bearer <METRICS_TOKEN>` (decision 035), compared in constant time (both sides
 * hashed first, so neither the content nor the length of the token leaks through timing). Unset
 * METRICS_TOKEN: the metrics are off and the route answers 404.
 */
function checkMetricsToken(req: FastifyRequest, expected: string | undefined): void {
  if (!expected) throw new AppError('not_found', 404, 'Metrics are off on this server (METRICS_TOKEN is not set)');
  const given = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digestOf(given), digestOf(expected))) {
    throw new AppError('unauthenticated', 401, 'A valid metrics token is needed', undefined, { 'www-authenticate': 'Bearer realm="metrics"' });
  }
}

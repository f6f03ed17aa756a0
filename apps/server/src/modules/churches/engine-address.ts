import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { englishValidationMessage, msg } from '@app/shared';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { outboundOf } from '../../lib/outbound/outbound-client';

/**
 * What every engine's Save and Test connection check before anything is sent (decision 041): the
 * address a church typed is on the public internet or allowed by the operator, and a stored key
 * goes only to the address it was saved with.
 */

/** Each Save and Test connection calls the engine: a person clicks a few times, not hundreds. */
export const ENGINE_CALLS_PER_MINUTE = 20;

const engineLimits = new WeakMap<AppContext, onRequestAsyncHookHandler>();

/**
 * One limit for every route that calls a church-typed address (Save and Test connection of each
 * kind of engine, adding a caption feed): ENGINE_CALLS_PER_MINUTE per church and client address
 * across them all (decision 051), not that many per route. Made once per app, so the routes share
 * its counter; the routes' `:id` is the church.
 */
export function engineCallLimit(app: FastifyInstance, ctx: AppContext): onRequestAsyncHookHandler {
  let limit = engineLimits.get(ctx);
  if (!limit) {
    limit = app.rateLimit({
      max: ENGINE_CALLS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (req) => `engine-call:${(req.params as { id?: string }).id ?? ''}:${req.ip}`,
    }) as onRequestAsyncHookHandler;
    engineLimits.set(ctx, limit);
  }
  return limit;
}

const invalid = (field: string, key: 'addressNotAllowed' | 'keyForNewAddress') =>
  new AppError('validation', 400, 'Some fields are not valid', [{ field, message: englishValidationMessage(msg(key)), key: msg(key) }]);

interface StoredEngine { kind: string; url: string | null; keyEnc: string | null }
interface SentEngine { kind: string; key?: string; removeKey?: boolean }

/**
 * A key left out means the stored one, but only for the same engine at the same address: a new
 * address asks for the key again instead of carrying the church's key to it.
 */
export function assertKeyStaysWithAddress(stored: StoredEngine | undefined, body: SentEngine, url: string | null): void {
  if (body.key || body.removeKey === true) return;
  if (!stored || stored.kind !== body.kind || stored.keyEnc === null) return;
  if ((stored.url ?? null) !== url) throw invalid('key', 'keyForNewAddress');
}

/**
 * The address is refused (400, on its field) when it is on an internal network the operator has
 * not allowed. An operator's override replaces the church's address, so there is nothing to check.
 * The outbound client checks again at every connection (a name may resolve elsewhere later).
 */
export async function assertAddressAllowed(ctx: AppContext, url: string | null, field: string, overridden: boolean): Promise<void> {
  if (!url || overridden) return;
  let allowed: boolean;
  try {
    allowed = await outboundOf(ctx.config).check(url);
  } catch {
    allowed = false;
  }
  if (!allowed) throw invalid(field, 'addressNotAllowed');
}

/** Both checks, key first (it needs no lookup). */
export async function assertEngineAddress(ctx: AppContext, stored: StoredEngine | undefined, body: SentEngine, url: string | null, opts: { field?: string; overridden?: boolean } = {}): Promise<void> {
  assertKeyStaysWithAddress(stored, body, url);
  await assertAddressAllowed(ctx, url, opts.field ?? 'url', opts.overridden ?? false);
}

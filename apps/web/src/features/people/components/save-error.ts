import { ApiError } from '../../../lib/api-client';

/**
 * The failure to show above a form's buttons: field errors already sit under their fields, so only
 * a failure without them (a refusal, a lost connection) needs its own message.
 */
export function saveError(error: unknown): unknown {
  if (!error) return null;
  return error instanceof ApiError && error.errors.length > 0 ? null : error;
}

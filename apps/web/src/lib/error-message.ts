import { errorCodes } from '@app/shared';
import { ApiError } from './api-client';
import type { Translate } from './zod-form';

const knownCodes = new Set<string>([...errorCodes, 'network']);

/**
 * A translated sentence for any failure: the API's error code maps to `errors.<code>` (STYLE.md:
 * the web app maps the code, never shows the server's English), anything unknown to `errors.internal`.
 */
export function errorMessage(err: unknown, t: Translate): string {
  if (err instanceof ApiError && knownCodes.has(err.code)) return t(`errors.${err.code}`);
  return t('errors.internal');
}

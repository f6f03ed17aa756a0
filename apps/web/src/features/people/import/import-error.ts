import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import type { Translate } from '../../../lib/zod-form';

/** The import's own reason (`peopleImport.errors.*`: a zip bomb, too many rows) or the code's sentence. */
export function importErrorMessage(err: unknown, t: Translate): string {
  const key = err instanceof ApiError ? err.errors[0]?.key : undefined;
  if (key?.startsWith('peopleImport.')) return t(key);
  if (err instanceof ApiError && err.status === 413) return t('peopleImport.errors.tooLarge');
  return errorMessage(err, t);
}

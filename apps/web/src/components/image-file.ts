import { IMAGE_MAX_BYTES } from '@app/shared';
import { ApiError } from '../lib/api-client';

/** Church and event images (spec section 5): JPEG, PNG or GIF under 5MB. */
export const churchEventImageTypes = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** The browser-side check before an upload; the server checks the bytes again. */
export function imageFileProblem(file: File, types: readonly string[] = churchEventImageTypes): 'wrongType' | 'tooLarge' | null {
  if (!types.includes(file.type)) return 'wrongType';
  if (file.size >= IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

/** Which spec section 8 image message fits a failed upload. */
export function uploadProblem(err: unknown): 'wrongType' | 'tooLarge' | 'tooMany' | 'uploadFailed' {
  if (err instanceof ApiError && err.status === 413) return 'tooLarge';
  if (err instanceof ApiError && err.status === 415) return 'wrongType';
  if (err instanceof ApiError && err.status === 409) return 'tooMany';
  return 'uploadFailed';
}

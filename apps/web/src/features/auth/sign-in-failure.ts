import { LOGIN_FAILURE_WINDOW_MINUTES } from '@app/shared';
import { ApiError } from '../../lib/api-client';

type TranslateWith = (key: string, options?: Record<string, unknown>) => string;

/** The sentence spec section 8 gives for each way signing in can fail. */
export function signInFailureMessage(err: unknown, t: TranslateWith): string {
  if (err instanceof ApiError) {
    if (err.status === 401 || err.code === 'invalid_credentials') return t('auth.signIn.wrongCredentials');
    if (err.status === 429) {
      // Retry-After is in seconds; without it the per-email window is the longest anyone waits.
      const minutes = Math.max(1, Math.ceil((err.retryAfterSeconds ?? LOGIN_FAILURE_WINDOW_MINUTES * 60) / 60));
      return t('auth.signIn.tooManyAttempts', { minutes });
    }
    if (err.code === 'network') return t('errors.network');
  }
  return t('auth.signIn.failed');
}

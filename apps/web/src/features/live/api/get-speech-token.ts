import type { SpeechTokenResponse } from '@app/shared';
import { api, ApiError } from '../../../lib/api-client';

/** GET /speech/token: a short-lived Azure token; the church's key never reaches the browser. */
export function getSpeechToken(churchId: string): Promise<SpeechTokenResponse> {
  return api<SpeechTokenResponse>(`/speech/token?churchId=${encodeURIComponent(churchId)}`);
}

/** The token, or null when the church has no speech key (404): the browser's recogniser is used then. */
export async function findSpeechToken(churchId: string): Promise<SpeechTokenResponse | null> {
  try {
    return await getSpeechToken(churchId);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

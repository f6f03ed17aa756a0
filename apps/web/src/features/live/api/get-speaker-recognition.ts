import type { SpeakerRecognition } from '@app/shared';
import { api } from '../../../lib/api-client';

/** GET /speech/recognition: whether the speaker's audio goes to the church's engine on the server (decision 038). */
export function getSpeakerRecognition(churchId: string): Promise<SpeakerRecognition> {
  return api<SpeakerRecognition>(`/speech/recognition?churchId=${encodeURIComponent(churchId)}`);
}

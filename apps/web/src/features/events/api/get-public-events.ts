import { useQuery } from '@tanstack/react-query';
import type { PublicEventList } from '@app/shared';
import { api } from '../../../lib/api-client';

/** GET /churches/:id/events/public: no sign-in, public fields only. */
export function usePublicEvents(churchId: string) {
  return useQuery({
    queryKey: ['churches', churchId, 'events', 'public'],
    queryFn: () => api<PublicEventList>(`/churches/${encodeURIComponent(churchId)}/events/public`),
    enabled: churchId !== '',
  });
}

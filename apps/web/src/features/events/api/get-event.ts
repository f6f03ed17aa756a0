import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetails } from '@app/shared';
import { api } from '../../../lib/api-client';

export const eventQueryKey = (id: string) => ['events', id] as const;

/** GET /events/:id with its images. */
export const eventQuery = (id: string) =>
  queryOptions({ queryKey: eventQueryKey(id), queryFn: () => api<EventDetails>(`/events/${encodeURIComponent(id)}`) });

export function useEvent(id: string) {
  return useQuery(eventQuery(id));
}

/** GET /events/:id/calendar.ics: a plain link, so the browser downloads the file itself. */
export const calendarUrl = (id: string) => `/api/v1/events/${encodeURIComponent(id)}/calendar.ics`;

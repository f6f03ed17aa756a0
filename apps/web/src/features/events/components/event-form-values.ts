import { fromLocalInput, toLocalInput, type CreateEventBody, type EventDetails } from '@app/shared';

/** The event form: times as the church's wall clock (`2026-03-14T19:00`), converted on submit. */
export interface EventFormValues {
  name: string;
  description: string;
  churchId: string;
  startsAtLocal: string;
  endsAtLocal: string;
  location: string;
  isPublic: boolean;
}

export const emptyEvent = (churchId: string): EventFormValues => ({
  name: '', description: '', churchId, startsAtLocal: '', endsAtLocal: '', location: '', isPublic: false,
});

export function eventValuesOf(e: EventDetails): EventFormValues {
  return {
    name: e.name,
    description: e.description,
    churchId: e.churchId,
    startsAtLocal: toLocalInput(e.startsAt, e.timeZone),
    endsAtLocal: e.endsAt ? toLocalInput(e.endsAt, e.timeZone) : '',
    location: e.location ?? '',
    isPublic: e.isPublic,
  };
}

/**
 * The API body: wall-clock times in `timeZone` (the church's) become UTC instants. A time that
 * cannot be read is passed on as typed so the shared rule reports it as an invalid date.
 */
export function toEventBody(v: EventFormValues, timeZone: string | undefined): CreateEventBody {
  const instant = (local: string) => (local && timeZone ? (fromLocalInput(local, timeZone) ?? local) : local);
  return {
    name: v.name,
    description: v.description,
    churchId: v.churchId,
    startsAt: instant(v.startsAtLocal),
    endsAt: v.endsAtLocal ? instant(v.endsAtLocal) : null,
    location: v.location || null,
    isPublic: v.isPublic,
  };
}

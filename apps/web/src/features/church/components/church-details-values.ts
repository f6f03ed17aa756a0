import { DEFAULT_CHURCH_TIME_ZONE, DEFAULT_WEEKLY_STREAM_LIMIT_MINUTES, type ChurchDetails, type CreateChurchBody, type UpdateChurchBody } from '@app/shared';

/** The church form's values: text as typed, numbers as the inputs give them ('' when empty). */
export interface ChurchDetailsValues {
  name: string;
  address: string;
  suburb: string;
  state: string;
  country: string;
  contactNumber: string;
  pastorName: string;
  pastorPhone: string;
  timeZone: string;
  latitude: number | string;
  longitude: number | string;
  weeklyStreamLimitMinutes: number | string;
}

export const emptyChurchValues: ChurchDetailsValues = {
  name: '', address: '', suburb: '', state: '', country: 'Australia', contactNumber: '', pastorName: '', pastorPhone: '',
  timeZone: DEFAULT_CHURCH_TIME_ZONE, latitude: '', longitude: '', weeklyStreamLimitMinutes: DEFAULT_WEEKLY_STREAM_LIMIT_MINUTES,
};

export function churchValuesOf(c: ChurchDetails): ChurchDetailsValues {
  return {
    name: c.name, address: c.address, suburb: c.suburb, state: c.state, country: c.country, contactNumber: c.contactNumber,
    pastorName: c.pastorName, pastorPhone: c.pastorPhone, timeZone: c.liveSettings.timeZone,
    latitude: c.latitude ?? '', longitude: c.longitude ?? '', weeklyStreamLimitMinutes: c.liveSettings.weeklyStreamLimitMinutes,
  };
}

const numberOrNull = (v: number | string) => (v === '' || v === null ? null : typeof v === 'number' ? v : Number.isNaN(Number(v)) ? Number.NaN : Number(v));
// An empty limit stays undefined so the shared rule reports "Weekly stream limit is required".
const limitOf = (v: number | string) => (v === '' ? undefined : Number(v));

/** POST /churches body from the form. */
export function toCreateBody(v: ChurchDetailsValues): CreateChurchBody {
  return {
    name: v.name, address: v.address, suburb: v.suburb, state: v.state, country: v.country, contactNumber: v.contactNumber,
    pastorName: v.pastorName, pastorPhone: v.pastorPhone, timeZone: v.timeZone as CreateChurchBody['timeZone'],
    latitude: numberOrNull(v.latitude), longitude: numberOrNull(v.longitude), weeklyStreamLimitMinutes: limitOf(v.weeklyStreamLimitMinutes) as number,
  };
}

/**
 * PATCH /churches/:id body: the details only. The weekly limit and the time zone have their own
 * cards on the church page, so a stale copy here never overwrites what was changed there.
 */
export function toUpdateBody(v: ChurchDetailsValues): UpdateChurchBody {
  const { weeklyStreamLimitMinutes: _limit, timeZone: _zone, ...rest } = toCreateBody(v);
  return rest;
}

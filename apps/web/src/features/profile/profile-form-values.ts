import type { Me, Role } from '@app/shared';

/** The editable fields as the inputs hold them (empty string, or null for a select, = not given). */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  suburb: string;
  address: string;
  dateOfBirth: string;
  gender: string | null;
  primaryLanguage: string | null;
  faithLevel: string | null;
  workEmail: string;
  linkedinUrl: string;
}

/** Staff, church and platform admins also keep a work email and LinkedIn (spec section 3). */
export const hasWorkFields = (role: Role) => role !== 'member';

export function profileValuesFrom(me: Me): ProfileValues {
  return {
    firstName: me.firstName,
    lastName: me.lastName,
    email: me.email,
    phone: me.phone,
    suburb: me.suburb,
    address: me.address ?? '',
    dateOfBirth: me.dateOfBirth ?? '',
    gender: me.gender,
    primaryLanguage: me.primaryLanguage,
    faithLevel: me.faithLevel,
    workEmail: me.workEmail ?? '',
    linkedinUrl: me.linkedinUrl ?? '',
  };
}

const orNull = (v: string | null) => (v === null || v.trim() === '' ? null : v);

/** The PATCH body: cleared choices are sent as null; work fields only for staff roles. */
export function toUpdateMeInput(v: ProfileValues, role: Role): Record<string, unknown> {
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone,
    suburb: v.suburb,
    address: orNull(v.address),
    dateOfBirth: orNull(v.dateOfBirth),
    gender: orNull(v.gender),
    primaryLanguage: orNull(v.primaryLanguage),
    faithLevel: orNull(v.faithLevel),
    ...(hasWorkFields(role) ? { workEmail: orNull(v.workEmail), linkedinUrl: orNull(v.linkedinUrl) } : {}),
  };
}

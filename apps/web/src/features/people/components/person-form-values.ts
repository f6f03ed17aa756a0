import type { Person } from '@app/shared';

/** A person's fields as the form holds them: text for every input, '' for "not given". */
export interface PersonFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  suburb: string;
  churchId: string;
  address: string;
  dateOfBirth: string;
  gender: string;
  primaryLanguage: string;
  faithLevel: string;
  attendedBefore: '' | 'yes' | 'no';
  broughtBy: string;
  referralSource: string;
  referredByCode: string;
  acceptedJesus: boolean;
  acceptedJesusAt: string;
  role: string;
}

export const emptyPerson = (churchId = ''): PersonFormValues => ({
  firstName: '', lastName: '', email: '', phone: '', suburb: '', churchId, address: '', dateOfBirth: '',
  gender: '', primaryLanguage: '', faithLevel: '', attendedBefore: '', broughtBy: '', referralSource: '',
  referredByCode: '', acceptedJesus: false, acceptedJesusAt: '', role: 'member',
});

export function personToForm(p: Person): PersonFormValues {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email ?? '',
    phone: p.phone,
    suburb: p.suburb,
    churchId: p.churchId ?? '',
    address: p.address ?? '',
    dateOfBirth: p.dateOfBirth ?? '',
    gender: p.gender ?? '',
    primaryLanguage: p.primaryLanguage ?? '',
    faithLevel: p.faithLevel ?? '',
    attendedBefore: p.attendedBefore === null ? '' : p.attendedBefore ? 'yes' : 'no',
    broughtBy: p.broughtBy ?? '',
    referralSource: p.referralSource ?? '',
    // The form edits who referred the person by their code; the API answers their name.
    referredByCode: '',
    acceptedJesus: p.acceptedJesus,
    acceptedJesusAt: p.acceptedJesusAt?.slice(0, 10) ?? '',
    role: p.role,
  };
}

const orNull = (v: string) => (v === '' ? null : v);

/** The API body for these values: '' becomes null so an emptied field is cleared. */
export function personFormToInput(v: PersonFormValues, { isNew }: { isNew: boolean }) {
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone,
    suburb: v.suburb,
    churchId: v.churchId === '' ? undefined : v.churchId,
    address: orNull(v.address),
    dateOfBirth: orNull(v.dateOfBirth),
    gender: orNull(v.gender),
    primaryLanguage: orNull(v.primaryLanguage),
    faithLevel: orNull(v.faithLevel),
    attendedBefore: v.attendedBefore === '' ? null : v.attendedBefore === 'yes',
    broughtBy: orNull(v.broughtBy),
    referralSource: orNull(v.referralSource),
    // Left empty when editing means "keep who referred them"; on a new person it means nobody.
    referredByCode: v.referredByCode === '' ? (isNew ? null : undefined) : v.referredByCode,
    acceptedJesus: v.acceptedJesus,
    acceptedJesusAt: v.acceptedJesus ? orNull(v.acceptedJesusAt) : null,
  };
}

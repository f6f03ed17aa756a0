import type { ImportField } from '@app/shared';

/**
 * Header names of the exports churches bring (Planning Center People, Elvanto, Breeze, ChurchSuite,
 * Rock, ChurchCRM: shared/docs/PEOPLE-IMPORT.md), of this product's own export, and plain names,
 * each after `normaliseHeader`. Columns a person has no field for (ids, households, state,
 * postcode, status) are left unmatched; the administrator can match any column by hand.
 */
const ALIASES: Record<ImportField, string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'fname', 'christianname'],
  preferredName: ['preferredname', 'goesby', 'knownas'],
  lastName: ['lastname', 'surname', 'familyname', 'last', 'lname'],
  fullName: ['name', 'fullname', 'personname', 'contactname'],
  email: ['email', 'emailaddress', 'mail', 'homeemail', 'personalemail', 'primaryemail', 'workemail', 'otheremail', 'email1', 'email2'],
  phone: [
    'mobile', 'mobilephone', 'mobilephonenumber', 'mobilenumber', 'cell', 'cellphone', 'cellphonenumber', 'mobileno',
    'phone', 'phonenumber', 'telephone', 'tel', 'contactnumber', 'homephone', 'homephonenumber', 'home',
    'workphone', 'workphonenumber', 'work', 'otherphone', 'otherphonenumber',
  ],
  address: [
    'address', 'streetaddress', 'street', 'address1', 'address2', 'address3', 'addressline1', 'addressline2',
    'homeaddress', 'homeaddressstreetline1', 'homeaddressstreetline2', 'homeaddressline1', 'homeaddressline2',
  ],
  fullAddress: ['fulladdress', 'postaladdress', 'mailingaddress', 'residentialaddress'],
  suburb: ['suburb', 'city', 'town', 'locality', 'homecity', 'homeaddresscity', 'homesuburb'],
  dateOfBirth: ['dateofbirth', 'birthdate', 'birthday', 'dob', 'born', 'birthdateofperson'],
  gender: ['gender', 'sex'],
  primaryLanguage: ['primarylanguage', 'language', 'preferredlanguage', 'firstlanguage', 'homelanguage'],
};

const BY_ALIAS = new Map<string, ImportField>(
  (Object.entries(ALIASES) as Array<[ImportField, string[]]>).flatMap(([field, names]) => names.map((n) => [n, field] as const)),
);

/** Lower case, without a byte-order mark, spaces, underscores, dashes, dots or trailing blanks. */
export const normaliseHeader = (header: string) => header.replace(/^\uFEFF/, '').toLowerCase().replace(/[\s_\-.:/()#]+/g, '');

/**
 * The automatic match of each column. Each field takes one column, except those whose several
 * columns combine (email, phone: first non-empty; address lines: joined).
 */
export function guessMapping(headers: string[]): Array<ImportField | null> {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = BY_ALIAS.get(normaliseHeader(header)) ?? null;
    if (!field) return null;
    if (taken.has(field) && !['email', 'phone', 'address'].includes(field)) return null;
    taken.add(field);
    return field;
  });
}

/** Phone columns named for a mobile come first: a member is reached on their mobile. */
export const isMobileHeader = (header: string) => /mobile|cell/.test(normaliseHeader(header));

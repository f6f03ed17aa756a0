import type { ImportField, InterfaceLanguage } from '@app/shared';
// The interface's own words for a person's fields are the header words of a church's spreadsheet
// in that language: read from the locale files so they stay one source (decision 042).
import { fields as enFields, peopleImport as enImport } from '../../../../web/src/i18n/locales/en.json';
import { fields as esFields, peopleImport as esImport } from '../../../../web/src/i18n/locales/es.json';
import { fields as idFields, peopleImport as idImport } from '../../../../web/src/i18n/locales/id.json';
import { fields as ptFields, peopleImport as ptImport } from '../../../../web/src/i18n/locales/pt.json';
import { fields as zhFields, peopleImport as zhImport } from '../../../../web/src/i18n/locales/zh.json';

type Labels = { fields: Record<string, unknown>; peopleImport: { fields: Record<string, string> } };
const LOCALES: Record<InterfaceLanguage, Labels> = {
  en: { fields: enFields, peopleImport: enImport }, pt: { fields: ptFields, peopleImport: ptImport }, es: { fields: esFields, peopleImport: esImport },
  id: { fields: idFields, peopleImport: idImport }, zh: { fields: zhFields, peopleImport: zhImport },
};

/**
 * Header names of the exports churches bring (Planning Center People, Elvanto, Breeze, ChurchSuite,
 * Rock, ChurchCRM: shared/docs/PEOPLE-IMPORT.md), of this product's own export, and plain names,
 * each after `normaliseHeader`; then words a spreadsheet in the interface languages uses that
 * their labels do not say (Celular, 手机). Columns a person has no field for (ids, households,
 * state, postcode, status) are left unmatched; the administrator can match any column by hand.
 */
const ALIASES: Record<ImportField, string[]> = {
  // Planning Center: `First Name` is the name the person goes by, `Nickname` next, and the legal
  // `Given Name` (usually empty, and before `First Name` in its export) only when both are empty.
  firstName: ['firstname', 'first', 'forename', 'fname', 'nickname', 'givenname', 'christianname', 'primeironome', 'prenome', 'nombres', '名字'],
  preferredName: ['preferredname', 'goesby', 'knownas'],
  lastName: ['lastname', 'surname', 'familyname', 'last', 'lname', 'apellidos', 'sobrenomes', 'namakeluarga', '姓氏'],
  fullName: ['name', 'fullname', 'personname', 'contactname', 'nomecompleto', 'nombrecompleto', 'namalengkap', 'nama', '姓名', '全名'],
  email: [
    'email', 'emailaddress', 'mail', 'homeemail', 'personalemail', 'primaryemail', 'workemail', 'otheremail', 'email1', 'email2',
    'correo', 'correoelectronico', 'enderecodeemail', '邮箱', '电子邮箱', '电子邮件',
  ],
  phone: [
    'mobile', 'mobilephone', 'mobilephonenumber', 'mobilenumber', 'cell', 'cellphone', 'cellphonenumber', 'mobileno',
    'phone', 'phonenumber', 'telephone', 'tel', 'contactnumber', 'homephone', 'homephonenumber', 'home',
    'workphone', 'workphonenumber', 'work', 'otherphone', 'otherphonenumber',
    'celular', 'telemovel', 'whatsapp', 'movil', 'telefonomovil', 'telefonocelular', 'ponsel', 'hp', 'nohp', 'nomorhp', 'nomortelepon',
    '手机', '手机号', '手机号码', '电话号码', '联系电话',
  ],
  address: [
    'address', 'streetaddress', 'street', 'address1', 'address2', 'address3', 'addressline1', 'addressline2',
    'homeaddress', 'homeaddressstreetline1', 'homeaddressstreetline2', 'homeaddressline1', 'homeaddressline2',
    'rua', 'logradouro', 'calle', 'domicilio', 'jalan', '住址',
  ],
  fullAddress: ['fulladdress', 'postaladdress', 'mailingaddress', 'residentialaddress', 'enderecocompleto', 'direccioncompleta', 'alamatlengkap'],
  suburb: ['suburb', 'city', 'town', 'locality', 'homecity', 'homeaddresscity', 'homesuburb', 'cidade', 'ciudad', 'localidad', 'kota', 'kelurahan', 'kecamatan', '城市', '区域'],
  dateOfBirth: ['dateofbirth', 'birthdate', 'birthday', 'dob', 'born', 'birthdateofperson', 'nascimento', 'datanascimento', 'aniversario', 'cumpleanos', 'tgllahir', '生日'],
  gender: ['gender', 'sex', 'sexo', '性别'],
  primaryLanguage: ['primarylanguage', 'language', 'preferredlanguage', 'firstlanguage', 'homelanguage', 'idioma', 'lingua', 'bahasa', '语言'],
};

/** Lower case, without accents, a byte-order mark, spaces, underscores, dashes, dots or trailing blanks. */
export const normaliseHeader = (header: string) =>
  header.replace(/^\uFEFF/, '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[\s_\-.:/()#]+/g, '');

/** A label as a header: "Full name (split)" is "Full name". */
const asHeader = (label: string) => label.replace(/\s*[(（][^)）]*[)）]\s*$/, '');

/** The interface's label of a field in `language`, as a header. */
export function headerOf(field: ImportField, language: InterfaceLanguage): string {
  return asHeader(LOCALES[language].peopleImport.fields[field] ?? field);
}

const BY_ALIAS = new Map<string, ImportField>();
for (const [field, names] of Object.entries(ALIASES) as Array<[ImportField, string[]]>) for (const n of names) BY_ALIAS.set(n, field);
// The locale labels come after the aliases: where a word is both ("Nome", "Name"), the export's meaning stays.
for (const { fields, peopleImport } of Object.values(LOCALES)) {
  for (const field of Object.keys(ALIASES) as ImportField[]) {
    for (const label of [peopleImport.fields[field], fields[field]]) {
      if (typeof label !== 'string') continue;
      const key = normaliseHeader(asHeader(label));
      if (key && !BY_ALIAS.has(key)) BY_ALIAS.set(key, field);
    }
  }
}

/** Fields whose several columns combine: email, phone, first name (first non-empty), address lines (joined). */
const SEVERAL: ImportField[] = ['email', 'phone', 'address', 'firstName'];

/** The automatic match of each column. Each field takes one column, except those of SEVERAL. */
export function guessMapping(headers: string[]): Array<ImportField | null> {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = BY_ALIAS.get(normaliseHeader(header)) ?? null;
    if (!field) return null;
    if (taken.has(field) && !SEVERAL.includes(field)) return null;
    taken.add(field);
    return field;
  });
}

/** Phone columns named for a mobile come first: a member is reached on their mobile. */
export const isMobileHeader = (header: string) => /mobile|cell|celular|movil|telemovel|ponsel|whatsapp|手机/.test(normaliseHeader(header));

/** First-name columns in the order they are taken: the name they go by, a nickname, the legal name last. */
export function firstNameRank(header: string): number {
  const h = normaliseHeader(header);
  if (h === 'givenname' || h === 'christianname') return 2;
  if (h === 'nickname') return 1;
  return 0;
}

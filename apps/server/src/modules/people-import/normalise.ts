import { normalisePhone as normaliseTypedPhone, type PrimaryLanguage } from '@app/shared';

/**
 * Zero-width characters, direction marks and embeddings (U+200B–U+200F, U+202A–U+202E,
 * U+2066–U+2069), the byte-order mark and soft hyphens: invisible in a name, yet they would make
 * "Ana" and "Ana" two different people, and can reverse how text shows.
 */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** A cell's text as stored: invisible characters dropped, composed (NFC), spaces collapsed. */
export const cleanText = (value: string | undefined) => (value ?? '').replace(INVISIBLE, '').normalize('NFC').replace(/\s+/g, ' ').trim();

/** A cell's phone number as its digits, by the rule every phone field follows (`normalisePhone` in shared). */
export const normalisePhone = (value: string) => normaliseTypedPhone(cleanText(value));

export type DayOrder = 'dmy' | 'mdy';

const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/;

/**
 * Day-first or month-first for a whole column, from its values (PEOPLE-IMPORT.md): a first number
 * above 12 settles day-first, a second above 12 month-first; undecided, Australian day-first.
 */
export function dayOrderOf(values: string[]): DayOrder {
  for (const v of values) {
    const m = SLASHED.exec(cleanText(v));
    if (!m) continue;
    if (Number(m[1]) > 12) return 'dmy';
    if (Number(m[2]) > 12) return 'mdy';
  }
  return 'dmy';
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as YYYY-MM-DD from the formats those systems export: ISO (`1990-04-07`, `1990-4-7`,
 * with a time), slashed by the column's day order (`07/04/1990`, `4/7/1990 12:00:00 AM`), an
 * Excel serial number. A year-unknown placeholder (1885, 0000, 9999) is no date (''). Text that is
 * no date is answered as it is, for the rules to refuse.
 */
export function normaliseDate(value: string, order: DayOrder): string {
  const text = cleanText(value);
  if (!text) return '';
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/.exec(text);
  const slashed = SLASHED.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (slashed) {
    const [a, b] = [Number(slashed[1]), Number(slashed[2])];
    [d, m] = order === 'dmy' ? [a, b] : [b, a];
    y = Number(slashed[3]);
    if (slashed[3]!.length === 2) y += y > new Date().getFullYear() % 100 ? 1900 : 2000;
  } else if (/^\d{4,5}$/.test(text) && Number(text) > 1000) {
    // Excel's day count from 1899-12-30 (its 1900 leap-year bug included).
    const day = new Date(Date.UTC(1899, 11, 30) + Number(text) * 86_400_000);
    [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
  } else return text;
  if (y === 0 || y === 1885 || y === 9999) return '';
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return text;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** male / female / other from M, F, Male, Female, Other (Elvanto, ChurchSuite's m/f, Breeze). */
export function normaliseGender(value: string): string {
  const v = cleanText(value).toLowerCase();
  if (!v) return '';
  if (['m', 'male', 'man', 'masculino', 'hombre', 'laki-laki', '男'].includes(v)) return 'male';
  if (['f', 'female', 'woman', 'feminino', 'mujer', 'perempuan', '女'].includes(v)) return 'female';
  // Anything else stays as written, for the rules to refuse ('other' is one of the choices).
  return v;
}

const LANGUAGE_NAMES: Record<string, PrimaryLanguage> = {
  en: 'english', eng: 'english', english: 'english', inglês: 'english', inglés: 'english',
  es: 'spanish', spa: 'spanish', spanish: 'spanish', español: 'spanish', espanol: 'spanish', espanhol: 'spanish',
  pt: 'portuguese', por: 'portuguese', portuguese: 'portuguese', português: 'portuguese', portugues: 'portuguese', 'pt-br': 'portuguese',
  id: 'indonesian', ind: 'indonesian', indonesian: 'indonesian', 'bahasa indonesia': 'indonesian', indonesia: 'indonesian',
  zh: 'mandarin', 'zh-cn': 'mandarin', chinese: 'mandarin', mandarin: 'mandarin', 中文: 'mandarin', 普通话: 'mandarin',
};

/** One of the product's primary languages from a name or code in the file; else as written. */
export function normaliseLanguage(value: string): string {
  const v = cleanText(value).toLowerCase();
  if (!v) return '';
  return LANGUAGE_NAMES[v] ?? v;
}

/** "Ana Maria Silva" → first "Ana Maria", last "Silva"; "Silva, Ana" names the family first. */
export function splitFullName(value: string): { first: string; last: string } {
  const text = cleanText(value);
  const comma = text.indexOf(',');
  if (comma > 0) return { first: text.slice(comma + 1).trim(), last: text.slice(0, comma).trim() };
  const words = text.split(' ');
  if (words.length === 1) return { first: text, last: '' };
  return { first: words.slice(0, -1).join(' '), last: words.at(-1)! };
}

const STATES = /(?:^|\s+)(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\b.*$/i;

/**
 * "12 Smith St, Parramatta NSW 2150" → address "12 Smith St", suburb "Parramatta". Without a
 * comma, the words before a state or a postcode are taken as the suburb only when the rest starts
 * with a number (a street).
 */
export function splitAddress(value: string): { address: string; suburb: string } {
  const text = cleanText(value);
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  const strip = (s: string) => s.replace(STATES, '').replace(/\s+\d{4}$/, '').trim();
  if (parts.length >= 2) {
    let last = parts.at(-1)!;
    // "…, Parramatta, NSW 2150" and "…, Australia": the suburb is the part before.
    while (parts.length > 2 && (strip(last) === '' || /^australia$/i.test(last))) { parts.pop(); last = parts.at(-1)!; }
    return { address: parts.slice(0, -1).join(', '), suburb: strip(last) };
  }
  return { address: text, suburb: '' };
}

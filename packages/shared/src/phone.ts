/**
 * How people type a phone number: digits with spaces, dashes, dots or brackets between them and
 * an optional leading + (`0412 345 678`, `+61 412-345-678`, `(02) 9267.5555`).
 */
export const PHONE_TYPED = /^\+?[\d\s().-]+$/;

/**
 * A phone number as the digits spec section 5 stores and checks: `+61 412 345 678`, `61412345678`,
 * `(02) 9267 5555` and `0412-345-678` all become `0412345678`; a mobile or landline written
 * without its leading 0 (`412 345 678`, as spreadsheets drop it) gets it back. Text that is not a
 * typed number is answered trimmed, for the rules to refuse. The sign-up, every person form and the
 * people import use this one function, so a number one accepts the others accept too.
 */
export function normalisePhone(value: string): string {
  const text = value.trim();
  if (!PHONE_TYPED.test(text)) return text;
  let digits = text.replace(/\D/g, '');
  if (digits.startsWith('61') && digits.length === 11) digits = `0${digits.slice(2)}`;
  else if (digits.startsWith('610') && digits.length === 12) digits = digits.slice(2);
  else if (digits.length === 9 && /^[2-478]/.test(digits)) digits = `0${digits}`;
  return digits;
}

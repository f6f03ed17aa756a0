/**
 * Australian identifiers of a staff member's payroll details (TFN/ABN, spec section 3) checked by
 * their published algorithms, so a typo is caught on the form rather than by the payroll provider.
 */
const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** Tax File Number: 8 or 9 digits whose weighted sum is divisible by 11 (ATO check-digit rule). */
export function isValidTfn(value: string): boolean {
  const d = digitsOf(value);
  if (!/^\d{8,9}$/.test(d)) return false;
  const weights = d.length === 9 ? [1, 4, 3, 7, 5, 8, 6, 9, 10] : [10, 7, 8, 4, 6, 3, 5, 1];
  const sum = [...d].reduce((acc, c, i) => acc + Number(c) * weights[i]!, 0);
  return sum % 11 === 0;
}

/** Australian Business Number: 11 digits; subtract 1 from the first, weighted sum divisible by 89. */
export function isValidAbn(value: string): boolean {
  const d = digitsOf(value);
  if (!/^\d{11}$/.test(d) || d[0] === '0') return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...d].reduce((acc, c, i) => acc + (Number(c) - (i === 0 ? 1 : 0)) * weights[i]!, 0);
  return sum % 89 === 0;
}

/** A TFN (8–9 digits) or an ABN (11 digits), each by its own check. */
export function isValidTfnOrAbn(value: string): boolean {
  const d = digitsOf(value);
  return d.length === 11 ? isValidAbn(d) : isValidTfn(d);
}

/** Digits only, as stored: `123 456 782` → `123456782`. */
export const normaliseTfnAbn = digitsOf;

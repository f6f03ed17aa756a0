import type { FormatterModule } from 'i18next';

// Every number a sentence carries is written the reader's way ("1,4 segundos", "5.369 minutos"),
// the way the screens' own tiles and tables write theirs with Intl.NumberFormat: i18next formats
// each interpolated value (`alwaysFormat`), and this formatter turns the numbers among them into
// text in the locale; strings, dates already written and counts used for plurals pass as they are.

const formats = new Map<string, Intl.NumberFormat>();

/** `value` in `locale`'s digits, grouping and decimal sign, up to two decimals. */
export function formatNumber(value: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    formats.set(locale, format);
  }
  return format.format(value);
}

/**
 * i18next's formatter: numbers through `formatNumber` in the locale `localeOf` gives for the
 * language being translated into (a Brazilian's pt-BR for pt), anything else unchanged.
 */
export function numberFormatter(localeOf: (language: string) => string): FormatterModule {
  return {
    type: 'formatter',
    init() {},
    add() {},
    addCached() {},
    format(value: unknown, _format: string | undefined, language: string | undefined) {
      return typeof value === 'number' && Number.isFinite(value) ? formatNumber(value, localeOf(language ?? 'en')) : value;
    },
  } as FormatterModule;
}

/** The interpolation options of every i18next instance: React escapes, every value is formatted. */
export const interpolationOptions = { escapeValue: false, alwaysFormat: true } as const;

/** A date as the reader writes it, on the congregation's (Sydney) calendar. */
export const longDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'Australia/Sydney' }).format(new Date(iso));

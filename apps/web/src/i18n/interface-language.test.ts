import { describe, expect, it } from 'vitest';
import { formattingLocale, interfaceLanguage } from './interface-language';

describe('the interface language of a regional browser', () => {
  it('is one of the five the server knows, whatever region the browser reports', () => {
    const cases: Array<[string, string | undefined, string]> = [
      ['en-AU', 'en', 'en'], ['en-US', 'en', 'en'], ['pt-BR', 'pt', 'pt'], ['pt-PT', 'pt', 'pt'], ['es-419', 'es', 'es'],
      ['es-ES', 'es', 'es'], ['id-ID', 'id', 'id'], ['zh-CN', 'zh', 'zh'], ['zh-TW', 'zh', 'zh'],
      // Before i18next has resolved, and a browser in a language the app does not have.
      ['pt-BR', undefined, 'pt'], ['fr-FR', 'en', 'en'],
    ];
    for (const [language, resolvedLanguage, expected] of cases) expect(interfaceLanguage({ language, resolvedLanguage }), language).toBe(expected);
  });

  it("formats dates in the browser's region of the interface language, else the interface language", () => {
    expect(formattingLocale({ language: 'en-AU', resolvedLanguage: 'en' })).toBe('en-AU');
    expect(formattingLocale({ language: 'pt-BR', resolvedLanguage: 'pt' })).toBe('pt-BR');
    expect(formattingLocale({ language: 'pt', resolvedLanguage: 'pt' })).toBe('pt');
    expect(formattingLocale({ language: 'fr-FR', resolvedLanguage: 'en' })).toBe('en');
    // An Australian reads day before month.
    const date = new Date(Date.UTC(2026, 2, 15, 12));
    expect(new Intl.DateTimeFormat(formattingLocale({ language: 'en-AU', resolvedLanguage: 'en' }), { timeZone: 'UTC' }).format(date)).toBe('15/03/2026');
  });
});

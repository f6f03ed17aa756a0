import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { formatNumber, interpolationOptions, numberFormatter } from './number-format';

async function translator(language: string, locale = language) {
  const i18n = createInstance();
  await i18n.use(numberFormatter(() => locale)).init({
    lng: language,
    resources: {
      [language]: {
        translation: {
          lasted: 'lasted {{seconds}} seconds',
          minutes_one: '{{count}} minute',
          minutes_other: '{{count}} minutes',
          hello: 'Hello {{name}}, line {{seq}}',
        },
      },
    },
    interpolation: interpolationOptions,
  });
  return i18n.t.bind(i18n);
}

describe('numbers in a sentence', () => {
  it('writes a decimal with the reader\'s decimal sign', async () => {
    expect((await translator('pt', 'pt-BR'))('lasted', { seconds: 1.4 })).toBe('lasted 1,4 seconds');
    expect((await translator('en'))('lasted', { seconds: 1.4 })).toBe('lasted 1.4 seconds');
  });

  it('groups thousands as the tiles beside them do, and still picks the plural by the number', async () => {
    expect((await translator('pt', 'pt-BR'))('minutes', { count: 5369 })).toBe(`${new Intl.NumberFormat('pt-BR').format(5369)} minutes`);
    expect((await translator('pt', 'pt-BR'))('minutes', { count: 5369 })).toBe('5.369 minutes');
    expect((await translator('en'))('minutes', { count: 1 })).toBe('1 minute');
    expect((await translator('zh'))('minutes', { count: 12000 })).toBe('12,000 minutes');
  });

  it('leaves words and numbers already written as text alone', async () => {
    expect((await translator('pt', 'pt-BR'))('hello', { name: 'Lúcia 1.5', seq: '12' })).toBe('Hello Lúcia 1.5, line 12');
  });

  it('formats a bare number in the locale, to two decimals at most', () => {
    expect(formatNumber(2 / 3, 'es')).toBe('0,67');
    expect(formatNumber(15369, 'id')).toBe('15.369');
  });
});

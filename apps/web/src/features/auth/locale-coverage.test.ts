import { describe, expect, it } from 'vitest';
import { errorCodes, faithLevels, genders, primaryLanguages, referralSources, roles, validationMessages } from '@app/shared';
import en from '../../i18n/locales/en.json';
import es from '../../i18n/locales/es.json';
import id from '../../i18n/locales/id.json';
import pt from '../../i18n/locales/pt.json';
import zh from '../../i18n/locales/zh.json';

type Tree = { [key: string]: string | Tree };
const locales: Record<string, Tree> = { en, pt, es, id, zh };
const ownSections = ['auth', 'signup', 'profile', 'fields', 'errors', 'validation'];

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
}

function lookup(tree: Tree, path: string): unknown {
  return path.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Tree)[k] : undefined), tree);
}

describe('account translations', () => {
  it('has an English message for every key of the shared validationMessages', () => {
    const missing = Object.keys(validationMessages).filter((k) => typeof lookup(en, `validation.${k}`) !== 'string');
    expect(missing).toEqual([]);
  });

  it('uses the shared English wording for validation messages', () => {
    for (const [key, text] of Object.entries(validationMessages)) expect(lookup(en, `validation.${key}`)).toBe(text);
  });

  it('has a message for every API error code and for a lost connection', () => {
    const missing = [...errorCodes, 'network'].filter((code) => typeof lookup(en, `errors.${code}`) !== 'string');
    expect(missing).toEqual([]);
  });

  it('names every choice the forms offer', () => {
    const wanted = [
      ...genders.map((v) => `fields.genders.${v}`),
      ...primaryLanguages.map((v) => `fields.primaryLanguages.${v}`),
      ...faithLevels.map((v) => `fields.faithLevels.${v}`),
      ...referralSources.map((v) => `fields.referralSources.${v}`),
      ...roles.map((v) => `profile.roles.${v}`),
    ];
    expect(wanted.filter((k) => typeof lookup(en, k) !== 'string')).toEqual([]);
  });

  it.each(['pt', 'es', 'id', 'zh'])('%s has exactly the account keys English has, none left empty', (lng) => {
    const locale = locales[lng]!;
    for (const section of ownSections) {
      const english = keysOf(en[section as keyof typeof en] as Tree).sort();
      const other = keysOf((locale[section] ?? {}) as Tree).sort();
      expect(other, `${lng}.${section}`).toEqual(english);
      const empty = other.filter((k) => String(lookup(locale, `${section}.${k}`)).trim() === '');
      expect(empty, `${lng}.${section} empty`).toEqual([]);
    }
  });
});

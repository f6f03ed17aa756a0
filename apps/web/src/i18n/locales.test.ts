import { describe, expect, it } from 'vitest';
import { errorCodes, faithLevels, genders, interfaceLanguages, primaryLanguages, referralSources, roles, validationMessages } from '@app/shared';
import en from './locales/en.json';
import es from './locales/es.json';
import id from './locales/id.json';
import pt from './locales/pt.json';
import zh from './locales/zh.json';

type Tree = { [key: string]: string | Tree };

const locales: Record<string, Tree> = { en, pt, es, id, zh };

/** Every leaf as `a.b.c` → text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]).sort();

const english = flatten(en);

describe('locales', () => {
  it('has a file for each of the five interface languages', () => {
    expect(Object.keys(locales).sort()).toEqual([...interfaceLanguages].sort());
  });

  it.each(['pt', 'es', 'id', 'zh'])('%s has every key English has, and no other', (lang) => {
    const keys = flatten(locales[lang]!);
    const missing = [...english.keys()].filter((k) => !keys.has(k));
    // Portuguese alone has `_zero` forms (below): English puts 0 in the plural by itself.
    const extra = [...keys.keys()].filter((k) => !english.has(k) && !(lang === 'pt' && k.endsWith('_zero') && english.has(`${k.slice(0, -5)}_one`)));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('pt says "0 pessoas", not "0 pessoa": every singular form has a plural zero form', () => {
    // CLDR's Portuguese rules count 0 as singular; Brazilian usage (the product's pt) puts it in the
    // plural. i18next reads `key_zero` first when the count is 0.
    const keys = flatten(pt);
    const lacking = [...keys.keys()].filter((k) => k.endsWith('_one') && keys.get(`${k.slice(0, -4)}_zero`) !== keys.get(`${k.slice(0, -4)}_other`));
    expect(lacking).toEqual([]);
  });

  it.each(['en', 'pt', 'es', 'id', 'zh'])('%s has no empty text', (lang) => {
    const empty = [...flatten(locales[lang]!)].filter(([, text]) => text.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(['pt', 'es', 'id', 'zh'])('%s keeps the same {{placeholders}} as English', (lang) => {
    const keys = flatten(locales[lang]!);
    const different = [...english]
      .filter(([key, text]) => keys.has(key) && placeholders(text).join() !== placeholders(keys.get(key)!).join())
      .map(([key]) => key);
    expect(different).toEqual([]);
  });

  it('translates every validation message the shared rules can produce', () => {
    const missing = Object.keys(validationMessages).filter((k) => !english.has(`validation.${k}`));
    expect(missing).toEqual([]);
  });

  it('uses the shared English wording for validation messages', () => {
    for (const [key, text] of Object.entries(validationMessages)) expect(english.get(`validation.${key}`)).toBe(text);
  });

  it('translates every API error code, and a lost connection', () => {
    const missing = [...errorCodes, 'network'].filter((code) => !english.has(`errors.${code}`));
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
    expect(wanted.filter((k) => !english.has(k))).toEqual([]);
  });
});

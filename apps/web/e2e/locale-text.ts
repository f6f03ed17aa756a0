import { readFileSync } from 'node:fs';

type Tree = { [key: string]: string | Tree };

/** The words of one interface language, as a journey reads them to find controls by their label. */
export function localeText(lang: string): (key: string) => string {
  const tree = JSON.parse(readFileSync(new URL(`../src/i18n/locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;
  return (key) => key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree) as string;
}

import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

// The axe walk of a11y-full-walk.spec.ts: every view in Portuguese at a phone's width and in English
// at a desktop's. One page load per view and language, which keeps a walk of every view inside CI's time.

export const LANGUAGES = ['pt-BR', 'en'] as const;
/**
 * The widths each language is walked at (decision 050): each language once and each width once.
 * Portuguese on the phone: its words are the longest of the interface's, so what fits in Portuguese
 * on a phone fits in English. English on the desktop: what differs by language (names, labels,
 * `lang`) shows in either walk, and what only a desktop shows (tables, the side menu) shows there.
 * Portuguese at 1280 px as well took a third of the walk's time.
 */
const WIDTHS_OF: Record<(typeof LANGUAGES)[number], readonly number[]> = { 'pt-BR': [390], en: [1280] };

/** A view of the walk: where it is and, when opening it is not all, what a person does there first. */
export interface View {
  path: string;
  act?: (page: Page) => Promise<void>;
  widths?: readonly number[];
  /** The languages it is walked in, when not both (a page of the UI kit says the same in each). */
  languages?: readonly string[];
  /** Loaded, for a view without a heading (an OBS overlay); by default `settled`. */
  ready?: (page: Page) => Promise<void>;
}

export async function useLanguage(page: Page, lang: string) {
  await page.context().addCookies([{ name: 'i18next', value: lang, url: page.url() }]);
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
}

/** Loaded: a heading is there and nothing is still loading. */
export async function settled(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root')).toHaveCount(0, { timeout: 15_000 });
}

/** Walks `views` in each language and width; every serious or critical axe finding lands in `found`. */
export async function walk(page: Page, views: View[], found: string[]) {
  for (const lang of LANGUAGES) {
    await useLanguage(page, lang);
    for (const view of views) {
      if (view.languages && !view.languages.includes(lang)) continue;
      const widths = view.widths ?? WIDTHS_OF[lang];
      await page.setViewportSize({ width: widths[0]!, height: 900 });
      await page.goto(view.path);
      await (view.ready ?? settled)(page);
      // Where the view said, not where a guard sent it: a visitor left with a signed-in browser's
      // storage would be sent from `/` to the dashboard and walk that instead, passing unnoticed.
      expect(new URL(page.url()).pathname, `${view.path} was redirected`).toBe(new URL(view.path, page.url()).pathname);
      await view.act?.(page);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        // Layout follows the width in a frame; colours of a transition settle in Mantine's 150 ms.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 200))));
        for (const v of await seriousViolations(page)) found.push(`${lang} ${width}px ${view.path}: ${v}`);
      }
    }
  }
}

import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

// The axe walk of a11y-full-walk.spec.ts: every view in Portuguese and English, Portuguese also
// at a phone's width. One page load per view and language; the width changes
// without reloading, which keeps a walk of every view inside CI's time.

export const LANGUAGES = ['pt-BR', 'en'] as const;
export const WIDTHS = [1280, 390] as const;
/**
 * The widths each language is walked at (decision 050). Portuguese at both: its words are the
 * longest of the interface's, so what fits in Portuguese on a phone fits in English. English at the
 * desktop's width: what differs by language (names, labels, `lang`) shows there, and the phone's
 * layout is the Portuguese walk's.
 */
const WIDTHS_OF: Record<(typeof LANGUAGES)[number], readonly number[]> = { 'pt-BR': WIDTHS, en: [1280] };

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
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await useLanguage(page, lang);
    for (const view of views) {
      if (view.languages && !view.languages.includes(lang)) continue;
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      await page.goto(view.path);
      await (view.ready ?? settled)(page);
      // Where the view said, not where a guard sent it: a visitor left with a signed-in browser's
      // storage would be sent from `/` to the dashboard and walk that instead, passing unnoticed.
      expect(new URL(page.url()).pathname, `${view.path} was redirected`).toBe(new URL(view.path, page.url()).pathname);
      await view.act?.(page);
      for (const width of view.widths ?? WIDTHS_OF[lang]) {
        await page.setViewportSize({ width, height: 900 });
        // Layout follows the width in a frame; colours of a transition settle in Mantine's 150 ms.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 200))));
        for (const v of await seriousViolations(page)) found.push(`${lang} ${width}px ${view.path}: ${v}`);
      }
    }
  }
}

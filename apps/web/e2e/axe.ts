import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe on the page as it is, reporting violations only. Legacy mode runs axe in the page itself:
 * the default opens a blank page for every check to merge frames' results, which our pages (no
 * iframes) do not need, and which more than doubled each check (2.2 s to 0.95 s a view).
 */
export function axeOn(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** The serious and critical ones of an axe run, as `rule: target` lines so a failure says where. */
export function serious(violations: Violations): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** Serious and critical violations of WCAG 2.1 A and AA and axe's best practice, on the whole page. */
export async function seriousViolations(page: Page) {
  return serious((await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()).violations);
}

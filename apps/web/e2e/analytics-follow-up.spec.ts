import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm } from './fixtures';

const shots = process.env.SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

test.describe('a church administrator works from the decisions and sermons in analytics', () => {
  for (const width of [1280, 390]) {
    test(`in Portuguese at ${width} px: opens a person's follow-up from "Aceitaram Jesus" and reads sermons by their service`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInThroughForm(page, 'admin@demo.church');
      // The dashboard's introduction says what it shows at once.
      await page.goto('/dashboard?lng=pt');
      await expect(page.getByText('Os números abrem com os últimos 30 dias.', { exact: false })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Aceitaram Jesus: \d+$/ })).toBeVisible();
      await shoot(page, `dashboard-pt-${width}`);

      await page.goto('/analytics?tab=salvations&lng=pt');
      const open = page.getByRole('link', { name: /^Abrir o acompanhamento de / }).first();
      await expect(open).toBeVisible();
      // The demo's services are named: a decision's sermon is its service and day, the preacher after.
      await expect(page.getByRole('link', { name: /^(Culto|Sunday|Evening|Morning|[A-Z][a-z]+ [A-Z]?[a-z]+).* · .*20\d\d · / }).first()).toBeVisible();
      await shoot(page, `salvations-pt-${width}`);
      const who = (await open.getAttribute('aria-label'))!.replace('Abrir o acompanhamento de ', '');
      await open.click();
      await expect(page).toHaveURL(/\/follow-ups\?open=/);
      const dialog = page.getByRole('dialog', { name: who });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Situação')).toBeVisible();
      await shoot(page, `follow-up-pt-${width}`);
      await dialog.getByRole('button', { name: 'Cancelar' }).last().click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/follow-ups$/);

      await page.goto('/analytics?tab=ended&lng=pt');
      // Ended sermons by their service, the preacher second (the list shows when each began).
      const first = page.getByRole('link', { name: / · Samuel Staff$/ }).first();
      await expect(first).toBeVisible();
      await shoot(page, `sermons-pt-${width}`);
      const title = (await first.textContent())!.split(' · ')[0]!;
      await first.click();
      await expect(page).toHaveURL(/\/analytics\/sermons\//);
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
      await expect(page.getByText(/^Samuel Staff · /)).toBeVisible();
      await shoot(page, `sermon-detail-pt-${width}`);
      // Listen again says which sermon it is: its service, then its preacher.
      await page.getByRole('link', { name: 'Ouvir de novo' }).click();
      await expect(page.getByText(`${title} · Samuel Staff`, { exact: true })).toBeVisible();
      await shoot(page, `listen-again-pt-${width}`);

      // Go Live: the church's recent sermons by their service too.
      await page.goto('/real-time-sermon-translation?lng=pt');
      const recent = page.getByRole('table', { name: 'Encerrados recentemente' });
      await expect(recent.getByRole('columnheader', { name: 'Sermão' })).toBeAttached();
      await expect(recent.getByRole('cell', { name: new RegExp(`^${title} · Samuel Staff`) })).toBeVisible();
      await recent.scrollIntoViewIfNeeded();
      await shoot(page, `go-live-pt-${width}`);
    });
  }

  test('the backups list names the backup taken when the server first started', async ({ page }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 1280) await signInThroughForm(page, 'platform@demo.church');
      await page.goto('/backups?lng=pt');
      // The table on a wide screen, cards on a phone: the one shown names it.
      await expect(page.getByText('Ao iniciar o servidor').locator('visible=true').first()).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText('Agenda diária')).toHaveCount(0);
      await shoot(page, `backups-pt-${width}`);
    }
  });
});

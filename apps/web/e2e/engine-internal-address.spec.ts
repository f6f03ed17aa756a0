import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { DEMO_PASSWORD } from './fixtures';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results/engine-screenshots';

// A church administrator is a tenant, not the operator (decision 041): an address on the server's
// own or private network is refused on Test connection and on Save, in the reader's language, and
// nothing is stored. Journeys allow only 127.0.0.1 (ALLOW_INTERNAL_HOSTS), so 10.x and the cloud
// metadata address written as a number stay refused.
for (const width of [1280, 390]) {
  test(`at ${width}px in pt-BR an engine on an internal address is refused on test and on save`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'pt-BR', hasTouch: width < 600 });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('admin@demo.church');
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/church');
    const first = page.getByRole('form', { name: 'Primeiro mecanismo', exact: true });
    await expect(first).toBeVisible({ timeout: 30_000 });
    await first.getByRole('combobox', { name: 'Mecanismo' }).click();
    await page.getByRole('option', { name: 'LibreTranslate' }).click();

    await first.getByLabel('Endereço do servidor').fill('http://10.1.2.3:5000');
    await first.getByRole('button', { name: 'Testar conexão' }).click();
    // Said on the field, as any other wrong value is.
    await expect(first.getByText(/Este endereço está em uma rede interna/).first()).toBeVisible();
    await expect(first.getByLabel('Endereço do servidor')).toHaveAttribute('aria-invalid', 'true');
    await first.screenshot({ path: `${SHOTS}/engine-internal-address-test-${width}-pt.png` });

    // The same cloud metadata address written as one number: refused on save, nothing stored.
    await first.getByLabel('Endereço do servidor').fill('http://2852039166/');
    await first.getByRole('button', { name: 'Salvar mecanismo' }).click();
    await expect(first.getByText(/Este endereço está em uma rede interna/).first()).toBeVisible();
    await first.screenshot({ path: `${SHOTS}/engine-internal-address-save-${width}-pt.png` });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const churchId = await page.evaluate(() => localStorage.getItem('churchId'));
    const stored = await page.request.get(`/api/v1/churches/${churchId}/translation-engines`);
    expect(JSON.stringify(await stored.json())).not.toContain('2852039166');
    await context.close();
  });
}

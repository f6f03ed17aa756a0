import { expect, test, type Page } from '@playwright/test';
import { MOCK_DEEPL_KEY, startMockDeepL, type MockDeepL } from '../../server/test/mock-engines/mock-deepl';
import { seriousViolations } from './axe';
import { deeplMockPort } from './engine-mocks';
import { signInThroughForm as signIn } from './fixtures';
import { joinAsGuest, startSpeaker, stopSermon, typeLines } from './live-helpers';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results/engine-screenshots';

let deepl: MockDeepL;
test.beforeAll(async () => {
  deepl = await startMockDeepL({ port: deeplMockPort(Number(process.env.E2E_PORT ?? 4173)) });
});
test.afterAll(async () => { await deepl.close(); });

/** Manage Church's card under this heading (for a screenshot of just that card). */
const engineCard = (page: Page, heading: string) =>
  page.getByRole('heading', { name: heading }).locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');

/** The church goes back to the demo translator, whatever happened: other journeys expect it. */
async function removeEngines(page: Page) {
  const churchId = await page.evaluate(() => localStorage.getItem('churchId'));
  for (const slot of ['failover', 'primary']) await page.request.delete(`/api/v1/churches/${churchId}/translation-engines/${slot}`).catch(() => undefined);
}

test('a church admin sets DeepL, tests it, and a sermon is translated by it; the cost view counts the characters', async ({ browser }) => {
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await admin.newPage();
  await signIn(page, 'admin@demo.church');
  try {
    await page.goto('/church');
    const first = page.getByRole('form', { name: 'First engine' });
    await expect(first).toBeVisible({ timeout: 15_000 });
    await first.getByRole('combobox', { name: 'Engine' }).click();
    await page.getByRole('option', { name: 'DeepL' }).click();

    // A wrong key is answered in the engine's own words.
    await first.getByLabel('API key').fill('not-a-real-key');
    await first.getByRole('button', { name: 'Test connection' }).click();
    await expect(first.getByRole('alert')).toContainText('The key was refused');
    await expect(first.getByRole('alert')).toContainText('The engine refused the key (HTTP 403)');
    await first.screenshot({ path: `${SHOTS}/engine-wrong-key-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);
    // Saving it is tested too: the person is told why and asked before anything is stored.
    await first.getByRole('button', { name: 'Save engine' }).click();
    const dialog = page.getByRole('dialog', { name: 'The test failed. Save anyway?' });
    await expect(dialog).toContainText('The engine refused the key (HTTP 403)');
    await dialog.screenshot({ path: `${SHOTS}/engine-save-anyway-1280.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await first.getByLabel('API key').fill(MOCK_DEEPL_KEY);
    await first.getByRole('button', { name: 'Test connection' }).click();
    await expect(first.getByRole('status')).toContainText(/Translated in \d+ ms/);
    await expect(first.getByRole('status')).toContainText('Grace and peace to you from God our Father.');
    await expect(first.getByRole('status')).toContainText('[');
    await engineCard(page, 'Translation engines').screenshot({ path: `${SHOTS}/church-engines-1280.png` });
    await first.getByRole('button', { name: 'Save engine' }).click();
    await expect(page.getByText('Engine tested and saved.')).toBeVisible();
    await expect(first.getByText('Stored key: ••••1:fx. Leave empty to keep it.')).toBeVisible();

    // A sermon in English, a listener in Portuguese: the captions say DeepL made them.
    const speaker = await startSpeaker(browser);
    const listener = await joinAsGuest(browser, speaker.link, 'pt');
    await typeLines(speaker.page, ['Grace and peace to you all.', 'Let us pray together.']);
    // The glossary's fixed Portuguese for "grace" stands; the loopback DeepL upper-cases what it translated around it.
    await expect(listener.captions).toContainText('[PT-BR] graça AND PEACE TO YOU ALL.');
    await expect(listener.captions).toContainText('[PT-BR] Let us pray together.');
    await expect(listener.captions.getByText('DeepL', { exact: true })).toHaveCount(2);
    await listener.page.screenshot({ path: `${SHOTS}/listener-deepl-390.png` });
    await stopSermon(speaker.page);
    await listener.context.close();
    await speaker.context.close();

    // Manage Church shows how DeepL has been doing.
    await page.reload();
    await expect(first.getByText(/Recent latency: \d+ ms/)).toBeVisible({ timeout: 15_000 });

    // The analytics cost view shows the characters sent to DeepL this week.
    await page.goto('/analytics?tab=cost');
    const table = page.getByRole('table', { name: 'Translation cost per week' });
    const row = table.getByRole('row', { name: /DeepL/ });
    await expect(row).toBeVisible();
    const sent = ('Grace and peace to you all.'.length + 'Let us pray together.'.length);
    await expect(row).toContainText(/\d[\d,]* characters/);
    const finalCell = row.getByRole('cell').nth(2);
    expect(Number((await finalCell.innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(sent);
    await page.screenshot({ path: `${SHOTS}/analytics-cost-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // In Portuguese on a phone, both screens read in the person's language.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/analytics?tab=cost&lng=pt');
    await expect(page.getByRole('list', { name: 'Custo de tradução por semana' }).getByRole('listitem')).toContainText(/DeepL.*Frases finais\s*\d+ caracteres/);
    await page.screenshot({ path: `${SHOTS}/analytics-cost-pt-390.png`, fullPage: true });
    await page.goto('/church?lng=pt');
    await expect(page.getByRole('form', { name: 'Primeiro mecanismo', exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Latência recente: \d+ ms/)).toBeVisible();
    await engineCard(page, 'Mecanismos de tradução').screenshot({ path: `${SHOTS}/church-engines-pt-390.png` });
  } finally {
    await removeEngines(page);
    await page.goto('/church?lng=en');
    await admin.close();
  }
});

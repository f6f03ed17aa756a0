import { expect, test } from '@playwright/test';
import { signInThroughForm as signIn } from './fixtures';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results/live-screenshots';

test('a church admin manages languages and live settings; guests are then asked to sign in', async ({ browser }) => {
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await admin.newPage();
  await signIn(page, 'admin@demo.church');
  const churchId = await page.evaluate(() => localStorage.getItem('churchId'));
  // Whatever happens below, other journeys find guests allowed again.
  const restoreGuests = () =>
    page.request.patch(`/api/v1/churches/${churchId}/live-settings`, { data: { guestsMayListen: true } }).catch(() => undefined);
  try {
    await page.goto('/church');
    // The details are an editable form now (spec section 2); the church is the one the admin belongs to.
    await expect(page.getByRole('textbox', { name: 'Church name' })).toHaveValue('Harbour City Church');
    await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('264 Pitt Street');
    await expect(page.getByText('Demo translator', { exact: true })).toBeVisible();
    await expect(page.getByText(/of 120 minutes used this week/)).toBeVisible();
    await expect(page.getByText(/Only a platform administrator can change it/)).toBeVisible();

    // Nothing changed: said so, nothing saved.
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('No changes detected.')).toBeVisible();

    // A new language with its voice, then removed again after confirming.
    await page.getByRole('button', { name: 'Add join-live language' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('New language', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Swahili');
    await dialog.getByRole('textbox', { name: 'Language code' }).fill('sw');
    await dialog.getByRole('textbox', { name: 'Female voice ID' }).fill('sw-KE-ZuriNeural');
    await dialog.getByRole('button', { name: 'Create language' }).click();
    await expect(page.getByText('Swahili added.')).toBeVisible();
    const joinLive = page.getByRole('table', { name: 'Join-live languages' });
    // The voice by its name (Zuri), as the engine that speaks it calls it.
    await expect(joinLive.getByRole('row', { name: /Swahili/ })).toContainText('Zuri');
    // The same language twice is refused with the spec's wording.
    await page.getByRole('button', { name: 'Add join-live language' }).click();
    await dialog.getByText('New language', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Swahili');
    await dialog.getByRole('textbox', { name: 'Language code' }).fill('sw');
    await dialog.getByRole('textbox', { name: 'Female voice ID' }).fill('sw-KE-ZuriNeural');
    await dialog.getByRole('button', { name: 'Create language' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This language is already in the list.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.screenshot({ path: `${SHOTS}/church-1280.png`, fullPage: true });
    await joinLive.getByRole('button', { name: 'Remove Swahili' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Swahili removed.')).toBeVisible();
    await expect(joinLive.getByRole('row', { name: /Swahili/ })).toHaveCount(0);

    // Guests off.
    await page.getByRole('switch', { name: /^Guests may listen/ }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();

    // The admin goes live by typing; a guest with the share link must sign in first.
    await page.goto('/real-time-sermon-translation');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    const link = await page.getByRole('textbox', { name: 'Link to join' }).inputValue();
    const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guestPage = await guest.newPage();
    await guestPage.goto(link);
    await expect(guestPage.getByText('This church asks listeners to sign in before joining.')).toBeVisible();
    await expect(guestPage.getByRole('link', { name: 'Sign in' })).toBeVisible();

    // Put things back for other journeys: guests allowed, sermon ended.
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stop the sermon' }).click();
    await expect(page.getByText('This sermon has ended')).toBeVisible();
    await guest.close();
  } finally {
    await restoreGuests();
    await admin.close();
  }
});

test('a platform admin sets the weekly stream limit, in Portuguese on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, 'platform@demo.church');
  await page.goto('/church?lng=pt');
  const limit = page.getByRole('textbox', { name: 'Limite semanal de transmissão (minutos)' });
  await expect(limit).toHaveValue('120');
  await page.screenshot({ path: `${SHOTS}/church-pt-390.png`, fullPage: true });
  await limit.fill('180');
  await page.getByRole('button', { name: 'Salvar limite' }).click();
  await expect(page.getByText('Limite semanal de transmissão salvo.')).toBeVisible();
  await expect(page.getByText(/de 180 minutos usados nesta semana/)).toBeVisible();
  await limit.fill('120');
  await page.getByRole('button', { name: 'Salvar limite' }).click();
  await expect(page.getByText(/de 120 minutos usados nesta semana/)).toBeVisible();
  await context.close();
});

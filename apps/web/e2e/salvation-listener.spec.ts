import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signInThroughForm } from './fixtures';

test('a guest accepts Jesus from the listener screen in Portuguese and staff see the follow-up', async ({ page, browser, request }) => {
  // The staff member goes live through the API (the speaker screen is another journey).
  expect((await request.post('/api/v1/auth/login', { data: { email: 'staff@demo.church', password: DEMO_PASSWORD } })).ok()).toBe(true);
  const churches = (await (await request.get('/api/v1/churches/public')).json()) as Array<{ id: string; name: string }>;
  const church = churches.find((c) => c.name === 'Harbour City Church') ?? churches[0]!;
  const live = await request.post('/api/v1/sermons', { data: { churchId: church.id, sourceLanguage: 'en' } });
  expect(live.status(), await live.text()).toBe(201);
  const sermon = (await live.json()) as { id: string; broadcastId: string };

  const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await guest.newPage();
  await phone.goto(`/sermon/join/${sermon.broadcastId}?churchId=${church.id}&lng=pt`);
  await phone.getByRole('button', { name: 'Eu aceito Jesus' }).click();
  const dialog = phone.getByRole('dialog', { name: 'Antes de registrarmos sua decisão' });
  await expect(dialog.getByRole('button', { name: 'Registrar minha decisão' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Primeiro nome (opcional)' }).fill('Joana');
  await dialog.getByRole('textbox', { name: 'Telefone ou e-mail (opcional)' }).fill('0400111222');
  await dialog.getByRole('checkbox', { name: /Concordo/ }).check();
  await dialog.getByRole('button', { name: 'Registrar minha decisão' }).click();
  await expect(phone.getByRole('dialog', { name: 'Bem-vindo à família de Deus' })).toBeVisible();
  await guest.close();

  // The church admin sees every follow-up of the church; which staff member it went to depends on
  // who else other journeys have added to the demo church (round robin when nobody speaks Portuguese).
  await signInThroughForm(page, 'admin@demo.church');
  await page.goto('/follow-ups');
  const row = page.getByRole('row', { name: /Joana/ });
  await expect(row).toContainText('0400111222');
  // Named in the reader's language, as Accepted Jesus names it.
  await expect(row).toContainText('Portuguese');
  await row.getByRole('button', { name: 'Open the follow-up of Joana' }).click();
  await page.getByRole('dialog').getByText('Contacted', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Notes' }).fill('Called, will visit on Sunday');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Joana/ })).toContainText('Contacted');
  await request.post(`/api/v1/sermons/${sermon.id}/end`);
});

import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm as signIn } from './fixtures';

/** `YYYY-MM-DD` of the day `days` from now, in the church's time zone (the form's times are in it). */
async function dayInChurch(page: Page, days: number): Promise<string> {
  const res = await page.request.get('/api/v1/churches/public');
  const churches = (await res.json()) as Array<{ name: string; timeZone: string }>;
  const timeZone = churches.find((c) => c.name === 'Harbour City Church')!.timeZone;
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

test('a staff member schedules a service from Go Live, and a member sees it among upcoming services', async ({ browser }) => {
  const title = `Evening prayer ${Date.now().toString(36)}`;
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await signIn(staff, 'staff@demo.church');
  await staff.goto('/real-time-sermon-translation');
  await expect(staff.getByRole('heading', { name: /^Go live$/i })).toBeVisible({ timeout: 15_000 });
  const card = staff.getByRole('region', { name: 'Scheduled services' });
  await expect(card).toBeVisible();

  // A start in the past is refused with the reason under the field.
  await card.getByRole('textbox', { name: 'Title' }).fill(title);
  await card.getByLabel('Starts at').fill(`${await dayInChurch(staff, -1)}T10:00`);
  await card.getByRole('button', { name: 'Schedule a service' }).click();
  await expect(card.getByText('Choose a start in the future')).toBeVisible();
  await expect(card.getByRole('cell', { name: title, exact: true })).toHaveCount(0);

  await card.getByLabel('Starts at').fill(`${await dayInChurch(staff, 1)}T10:00`);
  await card.getByRole('combobox', { name: 'Language of the service' }).click();
  await staff.getByRole('option', { name: 'English', exact: true }).click();
  await card.getByRole('button', { name: 'Schedule a service' }).click();
  await expect(staff.getByText('Service scheduled')).toBeVisible();
  await expect(card.getByRole('cell', { name: title, exact: true })).toBeVisible();
  await expect(card.getByText('Choose a start in the future')).toHaveCount(0);

  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = await memberContext.newPage();
  await signIn(member, 'member@demo.church');
  await expect(member.getByText('Upcoming services')).toBeVisible();
  await expect(member.getByText(title)).toBeVisible();
  await memberContext.close();

  // Removed again, so the demo church's lobby shows its own next service to the other journeys.
  await card.getByRole('button', { name: `Remove: ${title}` }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByRole('cell', { name: title, exact: true })).toHaveCount(0);
  await staffContext.close();
});

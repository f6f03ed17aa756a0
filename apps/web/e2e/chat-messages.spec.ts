import { expect, test, type Browser } from '@playwright/test';
import { seriousViolations } from './axe';
import { signInThroughForm, solidPng } from './fixtures';

/** A signed-in person in their own browser, in `lang`, on a phone (390 px) or a wide screen. */
async function person(browser: Browser, email: string, lang: string, phone = false) {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInThroughForm(page, email);
  await page.goto(`/dashboard?lng=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  return { context, page };
}

test('a member writes in Portuguese, staff read it in English with Show original and answer; offline messages go once', async ({ browser }) => {
  const member = await person(browser, 'member@demo.church', 'pt', true);
  const staff = await person(browser, 'staff@demo.church', 'en');

  // The member (a phone) opens Messages from the header and writes to the staff member.
  await member.page.getByRole('button', { name: /^Abrir mensagens/ }).click();
  await expect(member.page).toHaveURL(/\/messages$/);
  await member.page.getByRole('button', { name: 'Nova mensagem' }).click();
  await member.page.getByRole('textbox', { name: 'Procurar pessoas' }).fill('Samuel');
  await member.page.getByRole('button', { name: 'Escrever para Samuel Staff' }).click();
  await expect(member.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const memberBox = member.page.getByRole('textbox', { name: 'Escreva uma mensagem' });
  await memberBox.fill('Olá pastor, posso falar com você depois do culto?');
  await memberBox.press('Enter');
  await expect(member.page.getByRole('log').getByText('Olá pastor, posso falar com você depois do culto?')).toBeVisible();

  // The staff member sees the unread count in the header and reads it in English in the panel.
  const staffButton = staff.page.getByRole('button', { name: 'Open messages (1 unread)' });
  await expect(staffButton).toBeVisible();
  await staffButton.click();
  const panel = staff.page.getByRole('region', { name: 'Messages panel' });
  await panel.getByRole('button', { name: /Martha Member, 1 unread message/ }).click();
  const staffLog = panel.getByRole('log');
  await expect(staffLog.getByText('[EN demo] Olá pastor, posso falar com você depois do culto?')).toBeVisible();
  await expect(staffLog.getByText('Translated from Portuguese')).toBeVisible();
  await staffLog.getByRole('button', { name: 'Show original' }).click();
  await expect(staffLog.getByText('Olá pastor, posso falar com você depois do culto?', { exact: true })).toBeVisible();
  await expect(staff.page.getByRole('button', { name: 'Open messages', exact: true })).toBeVisible();
  // The member's message shows as seen once the staff member has read it.
  await expect(member.page.getByRole('log').getByText('Vista')).toBeVisible();

  // The answer reaches the member in Portuguese within a second (demo translation).
  const staffBox = panel.getByRole('textbox', { name: 'Write a message' });
  await staffBox.fill('Of course, see you after the service.');
  await staffBox.press('Enter');
  await expect(member.page.getByRole('log').getByText('[PT demo] Of course, see you after the service.')).toBeVisible({ timeout: 1500 });
  await expect(member.page.getByRole('log').getByText('Traduzido de Inglês')).toBeVisible();

  // Offline: the message waits ("Enviando…") and goes out once when the phone is back.
  await member.context.setOffline(true);
  await memberBox.fill('Escrevi isto sem internet.');
  await memberBox.press('Enter');
  await expect(member.page.getByTestId('chat-pending')).toContainText('Enviando…');
  await member.context.setOffline(false);
  await expect(member.page.getByTestId('chat-pending')).toHaveCount(0, { timeout: 15_000 });
  await expect(staffLog.getByText('[EN demo] Escrevi isto sem internet.')).toHaveCount(1);
  await member.page.reload();
  await expect(member.page.getByRole('log').getByText('Escrevi isto sem internet.')).toHaveCount(1);

  await Promise.all([member.context.close(), staff.context.close()]);
});

test('an announcements group: the administrator posts, members read but cannot post; a made-up id is "Chat not found"', async ({ browser }) => {
  const admin = await person(browser, 'admin@demo.church', 'en');
  await admin.page.goto('/messages');
  await admin.page.getByRole('button', { name: 'New group' }).click();
  const dialog = admin.page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Group name' }).fill('Sunday notices');
  await dialog.getByText('Announcements', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Search people' }).fill('Martha');
  await dialog.getByRole('checkbox', { name: 'Martha Member' }).check();
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(admin.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const box = admin.page.getByRole('textbox', { name: 'Write a message' });
  await box.fill('Picnic after the service this Sunday.');
  await box.press('Enter');
  await expect(admin.page.getByRole('log').getByText('Picnic after the service this Sunday.')).toBeVisible();

  const member = await person(browser, 'member@demo.church', 'pt', true);
  await member.page.goto('/messages');
  await member.page.getByRole('button', { name: /Sunday notices/ }).click();
  await expect(member.page.getByRole('log').getByText('[PT demo] Picnic after the service this Sunday.')).toBeVisible();
  await expect(member.page.getByText('Só a equipe e os administradores publicam aqui.')).toBeVisible();
  await expect(member.page.getByRole('textbox', { name: 'Escreva uma mensagem' })).toHaveCount(0);

  await member.page.goto('/messages/00000000-0000-4000-8000-000000000000');
  await expect(member.page.getByRole('heading', { name: 'Conversa não encontrada' })).toBeVisible();
  await Promise.all([admin.context.close(), member.context.close()]);
});

test('a blocked person cannot write; a reported message is removed by the administrator', async ({ browser }) => {
  const member = await person(browser, 'member@demo.church', 'pt', true);
  const staff = await person(browser, 'staff@demo.church', 'en');
  // A retry starts where a failed try may have left the staff member blocked.
  const staffId = ((await (await staff.page.request.get('/api/v1/me')).json()) as { id: string }).id;
  expect((await member.page.request.delete(`/api/v1/me/blocks/${staffId}`)).ok()).toBe(true);
  await staff.page.goto('/messages');
  await staff.page.getByRole('button', { name: /Martha Member/ }).first().click();
  const box = staff.page.getByRole('textbox', { name: 'Write a message' });
  // Words of its own each try: a retry finds the messages of the try before it.
  const rudeText = `This is a rude message ${Date.now().toString(36)}.`;
  await box.fill(rudeText);
  await box.press('Enter');
  await expect(staff.page.getByRole('log').getByText(rudeText)).toBeVisible();

  // The member reports it.
  await member.page.goto('/messages');
  await member.page.getByRole('button', { name: /Samuel Staff/ }).click();
  const rude = member.page.getByTestId('chat-message').filter({ hasText: rudeText });
  await rude.getByRole('button', { name: 'Opções da mensagem' }).click();
  await member.page.getByRole('menuitem', { name: 'Denunciar' }).click();
  await member.page.getByRole('dialog').getByRole('button', { name: 'Denunciar' }).click();
  await expect(member.page.getByText('Obrigado. Os administradores foram avisados.')).toBeVisible();

  // The administrator removes it from the reports list; the member sees it removed.
  const admin = await person(browser, 'admin@demo.church', 'en');
  await admin.page.goto('/message-reports');
  const row = admin.page.getByRole('row').filter({ hasText: rudeText });
  await row.getByRole('button', { name: 'Remove message' }).click();
  await admin.page.getByRole('dialog').getByRole('button', { name: 'Remove message' }).click();
  await expect(admin.page.getByText('Message removed')).toBeVisible();
  await expect(member.page.getByRole('log').getByText('Removida por um administrador').last()).toBeVisible();

  // The member blocks the staff member, who can no longer write to them.
  await member.page.getByRole('button', { name: 'Opções da conversa' }).click();
  await member.page.getByRole('menuitem', { name: 'Bloquear esta pessoa', exact: true }).click();
  await expect(member.page.getByRole('menuitem', { name: 'Bloquear esta pessoa', exact: true })).toBeHidden();
  await staff.page.reload();
  await expect(staff.page.getByText('You cannot write in this conversation.')).toBeVisible();
  await expect(staff.page.getByRole('textbox', { name: 'Write a message' })).toHaveCount(0);
  // Unblocked, they can write again.
  await member.page.getByRole('button', { name: 'Opções da conversa' }).click();
  await member.page.getByRole('menuitem', { name: 'Desbloquear esta pessoa' }).click();
  await staff.page.reload();
  await expect(staff.page.getByRole('textbox', { name: 'Write a message' })).toBeVisible();

  await Promise.all([member.context.close(), staff.context.close(), admin.context.close()]);
});

test('a photo sent from a phone shows in the conversation on the other side', async ({ browser }) => {
  const member = await person(browser, 'member@demo.church', 'pt', true);
  const staff = await person(browser, 'staff@demo.church', 'en');
  // The journey before this one blocks and unblocks the staff member; a failed try may leave them blocked.
  const staffId = ((await (await staff.page.request.get('/api/v1/me')).json()) as { id: string }).id;
  expect((await member.page.request.delete(`/api/v1/me/blocks/${staffId}`)).ok()).toBe(true);
  await member.page.goto('/messages');
  await member.page.getByRole('button', { name: /Samuel Staff/ }).click();
  await member.page.locator('input[type=file]').setInputFiles({ name: 'church.png', mimeType: 'image/png', buffer: solidPng(60, 40, [40, 90, 160]) });
  await expect(member.page.getByRole('log').getByRole('img', { name: 'Foto' })).toBeVisible();
  await staff.page.goto('/messages');
  await staff.page.getByRole('button', { name: /Martha Member/ }).first().click();
  await expect(staff.page.getByRole('log').getByRole('img', { name: 'Photo' })).toBeVisible();
  await Promise.all([member.context.close(), staff.context.close()]);
});

test('the Messages page on a phone and the panel on a wide screen have no serious or critical accessibility violation', async ({ browser }) => {
  const member = await person(browser, 'member@demo.church', 'pt', true);
  await member.page.goto('/messages');
  await member.page.getByRole('button', { name: /Samuel Staff/ }).click();
  await expect(member.page.getByRole('log')).toBeVisible();
  expect(await seriousViolations(member.page)).toEqual([]);
  const staff = await person(browser, 'staff@demo.church', 'en');
  await staff.page.getByRole('button', { name: /^Open messages/ }).click();
  await expect(staff.page.getByRole('region', { name: 'Messages panel' }).getByRole('list', { name: 'Conversations' })).toBeVisible();
  expect(await seriousViolations(staff.page)).toEqual([]);
  await Promise.all([member.context.close(), staff.context.close()]);
});

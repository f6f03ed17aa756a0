import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { createMember, DEMO_PASSWORD, signInThroughForm as signIn } from './fixtures';
import { newPhone, startSpeaker, stopSermon } from './live-helpers';

// What a church administrator meets in Portuguese at 390 and 1280 px: no word cut to "…", no table
// that loses a column off the screen, the voices of the engine that speaks, prices in the unit billed.
const SHOTS = '/tmp/shots-bea';

/** Whether any of `items` shows less than its text (an ellipsis or a clipped edge). */
async function cutTexts(items: Locator): Promise<string[]> {
  return items.evaluateAll((els) => els
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.textContent ?? ''));
}

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('role badges read in full in the users table at 1280 px, a long address beside them', async ({ page, request }) => {
  await createMember(request, 'Maximiliano-Bartolomeu-Albuquerque');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.church');
  await page.goto('/users?lng=pt');
  const table = page.getByRole('table');
  await expect(table.getByText('Administrador da igreja', { exact: false }).first()).toBeVisible();
  expect(await cutTexts(table.locator('.mantine-Badge-label'))).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/users-pt-1280.png`, fullPage: true });
});

test('the other device\'s "Desconectar" reads in full at 390 px', async ({ page, request }) => {
  // A second session of the same person: the phone lists it with its sign-out button.
  expect((await request.post('/api/v1/auth/login', { data: { email: 'staff@demo.church', password: DEMO_PASSWORD } })).ok()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'staff@demo.church');
  await page.goto('/profile?lng=pt#devices');
  const devices = page.locator('#devices');
  const button = devices.getByRole('button', { name: /^Desconectar:/ }).first();
  await expect(button).toBeVisible();
  expect(await cutTexts(devices.locator('.mantine-Button-label'))).toEqual([]);
  await fitsWidth(page);
  await devices.screenshot({ path: `${SHOTS}/devices-pt-390.png` });
});

test('the church\'s ended sermons keep their Delete button on a 390 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.church');
  await page.goto('/real-time-sermon-translation?lng=pt');
  const ended = page.getByRole('table', { name: 'Encerrados recentemente' });
  const remove = ended.getByRole('button', { name: /^Excluir/ }).first();
  await expect(remove).toBeVisible();
  const box = (await remove.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // The details are under the speaker's name, not in columns off the screen.
  await expect(ended.getByText(/^Duração:/).first()).toBeVisible();
  await fitsWidth(page);
  await ended.screenshot({ path: `${SHOTS}/ended-sermons-pt-390.png` });
});

test('with eSpeak chosen, the languages show eSpeak\'s voices by name; the prices fit 390 px, a model priced per token', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.church');
  const churches = (await (await page.request.get('/api/v1/churches/public')).json()) as Array<{ id: string; name: string }>;
  const churchId = churches.find((c) => c.name === 'Harbour City Church')!.id;
  const engines = `/api/v1/churches/${churchId}/voice-engines`;
  expect((await page.request.put(`${engines}/primary`, { data: { kind: 'espeak', saveUntested: true } })).ok()).toBe(true);
  try {
    await page.goto('/church?lng=pt');
    const joinLive = page.getByRole('table', { name: 'Idiomas para ouvintes' });
    await expect(joinLive.getByRole('cell', { name: /voz de mulher/ }).first()).toBeVisible();
    expect(await joinLive.textContent()).not.toMatch(/Neural/);
    await joinLive.screenshot({ path: `${SHOTS}/languages-espeak-pt-1280.png` });

    const prices = page.getByRole('table', { name: 'Preço por mecanismo' });
    await expect(prices.getByRole('row', { name: /OpenAI.*tradução/ })).toContainText('por milhão de tokens');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(prices.getByRole('row', { name: /DeepL/ })).toContainText('Preço de tabela');
    expect(await prices.evaluate((el) => el.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
    await fitsWidth(page);
    await prices.screenshot({ path: `${SHOTS}/prices-pt-390.png` });
  } finally {
    await page.request.delete(`${engines}/primary`);
  }
});

test('the cost view\'s headings step down one level at a time', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.church');
  await page.goto('/analytics?tab=cost&lng=pt');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const { violations } = await axeOn(page).withRules(['heading-order']).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/cost-pt-1280.png`, fullPage: true });
});

test('a listener\'s phone in Portuguese shows when the sermon started, under the church and speaker', async ({ browser }) => {
  const speaker = await startSpeaker(browser);
  const phone = await newPhone(browser);
  try {
    const link = new URL(speaker.link);
    link.searchParams.set('lng', 'pt');
    await phone.page.goto(link.toString());
    const started = phone.page.getByText(/^começou às /);
    await expect(started).toBeVisible();
    await expect(started).toBeInViewport({ ratio: 1 });
    expect(await cutTexts(started)).toEqual([]);
    await fitsWidth(phone.page);
    await phone.page.screenshot({ path: `${SHOTS}/listener-pt-390.png` });
  } finally {
    await stopSermon(speaker.page);
    await Promise.all([speaker.context.close(), phone.context.close()]);
  }
});

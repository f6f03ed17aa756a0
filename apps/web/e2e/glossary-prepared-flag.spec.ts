import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { signInThroughForm as signIn } from './fixtures';
import { joinAsGuest, startSpeaker, stopSermon, typeLines } from './live-helpers';

async function addEntry(page: Page, entry: { term: string; fixed?: Record<string, string>; heardAs?: string }) {
  await page.getByRole('button', { name: 'Add entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New glossary entry' });
  await dialog.getByRole('textbox', { name: 'Term' }).fill(entry.term);
  if (entry.fixed) {
    await dialog.getByText('Fixed translation', { exact: true }).click();
    for (const [language, text] of Object.entries(entry.fixed)) await dialog.getByRole('textbox', { name: language, exact: true }).fill(text);
  }
  if (entry.heardAs) {
    await dialog.getByRole('combobox', { name: 'Heard as' }).fill(entry.heardAs);
    await dialog.getByRole('combobox', { name: 'Heard as' }).press('Enter');
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

test('a church admin fixes names once; listeners read them right, prepared paragraphs go out by taps, and a guest’s flag becomes an entry', async ({ browser }) => {
  // Five browsers on a shared machine: more than the default minute.
  test.setTimeout(150_000);
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(admin, 'admin@demo.church');
  await admin.goto('/church');
  await admin.getByRole('link', { name: 'Open the glossary' }).click();
  await expect(admin.getByRole('tab', { name: 'Church glossary', selected: true })).toBeVisible();

  await expect(await addEntry(admin, { term: 'Harbour City Church' })).toBeHidden();
  await expect(await addEntry(admin, { term: 'grace', fixed: { Portuguese: 'graça', Spanish: 'gracia' } })).toBeHidden();
  await expect(await addEntry(admin, { term: 'Nehemiah', heardAs: 'Nee hemiah' })).toBeHidden();
  const table = admin.getByRole('table', { name: 'Church glossary' });
  await expect(table.getByRole('row')).toHaveCount(4);
  // The same term again is refused on the field.
  const duplicate = await addEntry(admin, { term: 'Grace' });
  await expect(duplicate.getByText('This term is already in the glossary')).toBeVisible();
  await duplicate.getByRole('button', { name: 'Cancel' }).click();

  const speaker = await startSpeaker(browser);
  const pt = await joinAsGuest(browser, speaker.link, 'pt');
  const es = await joinAsGuest(browser, speaker.link, 'es');
  const id = await joinAsGuest(browser, speaker.link, 'id');

  await typeLines(speaker.page, ['Welcome to Harbour City Church, grace to you.', 'Nee hemiah said: read John 15.']);
  await expect(pt.captions).toContainText('[PT demo] Welcome to Harbour City Church, graça to you.');
  await expect(pt.captions).toContainText('[PT demo] Nehemiah said: read João 15.');
  await expect(es.captions).toContainText('[ES demo] Welcome to Harbour City Church, gracia to you.');
  await expect(es.captions).toContainText('[ES demo] Nehemiah said: read Juan 15.');
  await expect(id.captions).toContainText('[ID demo] Welcome to Harbour City Church, anugerah to you.');
  await expect(id.captions).toContainText('[ID demo] Nehemiah said: read Yohanes 15.');

  // A prepared reading of five paragraphs, sent by a tap and then the keyboard.
  const panel = speaker.page.getByRole('region', { name: 'Prepared text' });
  await panel.getByRole('button', { name: 'New' }).click();
  const form = speaker.page.getByRole('dialog', { name: 'New prepared text' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Psalm reading');
  await form.getByRole('textbox', { name: 'Text' }).fill('First verse.\n\nSecond verse.\n\nThird verse.\n\nFourth verse.\n\nFifth verse.');
  await form.getByRole('button', { name: 'Prepare and translate' }).click();
  await expect(form).toBeHidden();
  await panel.getByRole('button', { name: 'Send paragraph 1 of 5' }).click();
  await speaker.page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 2; i++) await speaker.page.keyboard.press('ArrowRight');
  await speaker.page.keyboard.press(' ');
  await panel.getByRole('button', { name: 'Send paragraph 5 of 5' }).click();
  await expect(panel.getByRole('button', { name: 'Every paragraph sent' })).toBeDisabled();
  for (const verse of ['First', 'Second', 'Third', 'Fourth', 'Fifth']) await expect(pt.captions).toContainText(`[PT demo] ${verse} verse.`);

  // The Portuguese guest flags the first line with a better wording.
  const flagButton = pt.page.getByRole('button', { name: 'Flag line 1 as a wrong translation' });
  // A touch target of the page's own 44 px rule.
  const box = await flagButton.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await flagButton.click();
  const flag = pt.page.getByRole('dialog', { name: 'Wrong translation?' });
  await flag.getByRole('textbox', { name: 'Better wording (optional)' }).fill('Bem-vindos à Harbour City Church');
  await flag.getByRole('button', { name: 'Send' }).click();
  await expect(flag.getByText('Thank you. The church will look at it.')).toBeVisible();

  // The admin turns the flag into an entry in one step.
  await admin.getByRole('tab', { name: 'Flagged lines' }).click();
  const flags = admin.getByRole('table', { name: 'Flagged lines' });
  await expect(flags.getByText('Bem-vindos à Harbour City Church')).toBeVisible();
  await flags.getByRole('button', { name: 'Add line 1 to the glossary' }).click();
  const accept = admin.getByRole('dialog', { name: 'Add to the glossary' });
  await expect(accept.getByRole('textbox', { name: 'Portuguese' })).toHaveValue('Bem-vindos à Harbour City Church');
  await accept.getByRole('textbox', { name: 'Term' }).fill('Welcome to Harbour City Church');
  await accept.getByRole('button', { name: 'Save' }).click();
  await expect(flags.getByText('Added to glossary')).toBeVisible();

  await stopSermon(speaker.page);
});

test('the glossary screens and the entry form have no serious or critical accessibility violation', async ({ page }) => {
  await signIn(page, 'admin@demo.church');
  const screens: Array<[string, string]> = [['/church/glossary', 'Church glossary'], ['/church/glossary/starter', 'Starter glossary'], ['/church/translation-flags', 'Flagged lines']];
  for (const [path, tab] of screens) {
    await page.goto(path);
    await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.goto('/church/glossary');
  await page.getByRole('button', { name: 'Add entry' }).click();
  await page.getByRole('dialog').getByText('Fixed translation', { exact: true }).click();
  expect(await seriousViolations(page)).toEqual([]);
});

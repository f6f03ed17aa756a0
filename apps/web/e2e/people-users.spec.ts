import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm, uniqueEmail } from './fixtures';

type Tree = { [key: string]: string | Tree };
const locale = (lang: string) => JSON.parse(readFileSync(new URL(`../src/i18n/locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;
const text = (tree: Tree, key: string) => key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree) as string;

/** Adds a member through the form, as a church admin would, and lands on their page. */
async function addMember(page: Page, t: Tree, firstName: string, lastName: string) {
  await page.goto('/users');
  await page.getByRole('link', { name: text(t, 'people.users.add') }).click();
  await page.getByRole('textbox', { name: text(t, 'fields.firstName'), exact: true }).fill(firstName);
  await page.getByRole('textbox', { name: text(t, 'fields.lastName'), exact: true }).fill(lastName);
  await page.getByRole('textbox', { name: text(t, 'fields.email'), exact: true }).fill(uniqueEmail(firstName.toLowerCase()));
  await page.getByRole('textbox', { name: text(t, 'fields.phone'), exact: true }).fill('0412345678');
  await page.getByRole('textbox', { name: text(t, 'fields.suburb'), exact: true }).fill('Parramatta');
  await page.getByRole('textbox', { name: text(t, 'fields.password'), exact: true }).fill('quiet-harbour7');
  await page.getByRole('button', { name: text(t, 'people.users.add') }).click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
}

for (const [lang, width] of [['en', 1280], ['pt', 390]] as const) {
  test.describe(`users in ${lang} at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a church admin finds a member by part of a name (accents ignored), edits, and the list keeps its search on refresh', async ({ page }) => {
      const t = locale(lang);
      await signInThroughForm(page, 'admin@demo.church');
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
      // Letters only, each digit of the time and a random tail as one (a name with the digits left
      // out could be the start of another run's, and the search would find both).
      const tag = [...`${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`].map((c) => (/\d/.test(c) ? 'abcdefghij'[Number(c)] : c)).join('');
      const surname = `Gonçalves${tag}`;
      await addMember(page, t, 'Joaquim', surname);

      await page.goto('/users');
      // Typed without the cedilla and in lower case.
      await page.getByRole('searchbox', { name: text(t, 'people.users.search') }).fill(surname.toLowerCase().replace('ç', 'c'));
      await expect(page).toHaveURL(/q=/);
      const link = page.getByRole('link', { name: `Joaquim ${surname}`, exact: true });
      await expect(link).toBeVisible();
      await expect(page.getByRole('link', { name: 'Martha Member' })).toHaveCount(0);

      await page.reload();
      await expect(page.getByRole('searchbox', { name: text(t, 'people.users.search') })).toHaveValue(surname.toLowerCase().replace('ç', 'c'));
      await expect(page.getByRole('link', { name: `Joaquim ${surname}`, exact: true })).toBeVisible();

      await page.getByRole('link', { name: `Joaquim ${surname}`, exact: true }).click();
      await page.getByRole('textbox', { name: text(t, 'fields.suburb'), exact: true }).fill('Blacktown');
      await page.getByRole('button', { name: text(t, 'people.save') }).click();
      await expect(page.getByText(text(t, 'people.saved').replace('{{name}}', `Joaquim ${surname}`))).toBeVisible();

      // Back returns to the searched list.
      await page.goBack();
      await expect(page.getByRole('searchbox', { name: text(t, 'people.users.search') })).toHaveValue(surname.toLowerCase().replace('ç', 'c'));
      await expect(page.getByText('Blacktown')).toBeVisible();
    });

    test('a church admin deletes a person after a confirmation that names them', async ({ page }) => {
      const t = locale(lang);
      await signInThroughForm(page, 'admin@demo.church');
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
      await addMember(page, t, 'Temporario', 'Removable');
      await page.getByRole('button', { name: text(t, 'people.delete'), exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Temporario Removable');
      await dialog.getByRole('button', { name: text(t, 'people.deleteConfirm').replace('{{name}}', 'Temporario Removable') }).click();
      await expect(page).toHaveURL(/\/users$/);
      await page.getByRole('searchbox', { name: text(t, 'people.users.search') }).fill('Temporario');
      await expect(page.getByText(text(t, 'common.list.noMatchesTitle'))).toBeVisible();
    });

    test('the form refuses broken fields with the shared rules before anything is sent', async ({ page }) => {
      const t = locale(lang);
      await signInThroughForm(page, 'admin@demo.church');
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
      await page.goto('/users/new');
      await page.getByRole('textbox', { name: text(t, 'fields.firstName'), exact: true }).fill('Jo3');
      await page.getByRole('textbox', { name: text(t, 'fields.phone'), exact: true }).fill('12345');
      await page.getByRole('button', { name: text(t, 'people.users.add') }).click();
      await expect(page.getByText(text(t, 'validation.nameChars'))).toBeVisible();
      await expect(page.getByText(text(t, 'validation.phoneExactly10'))).toBeVisible();
      await expect(page).toHaveURL(/\/users\/new$/);
    });
  });
}

test('staff cannot delete people: no delete button, and the server refuses', async ({ page }) => {
  await signInThroughForm(page, 'staff@demo.church');
  await page.goto('/users');
  await page.getByRole('link', { name: 'Martha Member' }).click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  const id = page.url().split('/').pop()!;
  const res = await page.request.delete(`/api/v1/users/${id}`);
  expect(res.status()).toBe(403);
});

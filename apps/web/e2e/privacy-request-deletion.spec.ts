import { expect, test } from '@playwright/test';
import { createMember, signInThroughForm } from './fixtures';
import { localeText } from './locale-text';


for (const lang of ['en', 'zh']) {
  test(`a member asks for their account to be deleted, sees by when, and cancels (${lang})`, async ({ page, request }) => {
    const t = localeText(lang);
    const member = await createMember(request, 'Lydia');
    await signInThroughForm(page, member.email, member.password);
    await page.goto(`/request-delete?lng=${lang}`);

    await page.getByRole('button', { name: t('accountDeletion.form.submit') }).click();
    await expect(page.getByText(t('validation.deletionReasonRequired'))).toBeVisible();
    await page.getByRole('radio', { name: t('accountDeletion.reasons.other'), exact: true }).check();
    await page.getByRole('button', { name: t('accountDeletion.form.submit') }).click();
    await expect(page.getByText(t('validation.deletionDetailsRequired'))).toBeVisible();
    await page.getByRole('textbox', { name: t('accountDeletion.form.details') }).fill('Moving interstate');
    await page.getByRole('button', { name: t('accountDeletion.form.submit') }).click();

    // A confirmation says what happens before anything is sent.
    const confirm = page.getByRole('dialog', { name: t('accountDeletion.confirm.title') });
    await confirm.getByRole('button', { name: t('accountDeletion.confirm.send') }).click();
    await expect(page.getByText(t('accountDeletion.pending.title'))).toBeVisible();
    const deleteBy = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + 30 * 86_400_000));
    await expect(page.getByText(deleteBy, { exact: false }).first()).toBeVisible();

    await page.getByRole('button', { name: t('accountDeletion.pending.cancel') }).click();
    await page.getByRole('dialog', { name: t('accountDeletion.pending.cancelTitle') }).getByRole('button', { name: t('accountDeletion.pending.cancel') }).click();
    await expect(page.getByRole('button', { name: t('accountDeletion.form.submit') })).toBeVisible();
  });
}

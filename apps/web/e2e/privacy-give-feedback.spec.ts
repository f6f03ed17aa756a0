import { expect, test } from '@playwright/test';
import { createMember, signInThroughForm } from './fixtures';
import { localeText } from './locale-text';


for (const lang of ['en', 'zh']) {
  test(`a member gives feedback and a church admin reads it (${lang})`, async ({ page, request }) => {
    const t = localeText(lang);
    const member = await createMember(request, lang === 'en' ? 'Phoebe' : 'Junia');
    await signInThroughForm(page, member.email, member.password);
    await page.goto(`/feedback?lng=${lang}`);

    // Sending nothing shows the spec's messages on the fields.
    await page.getByRole('button', { name: t('feedback.form.send') }).click();
    await expect(page.getByText(t('validation.feedbackTypeRequired'))).toBeVisible();
    await expect(page.getByText(t('validation.feedbackCommentRequired'))).toBeVisible();

    const comment = `The ${lang} captions lagged a little ${Date.now()}`;
    await page.getByRole('combobox', { name: t('feedback.fields.type') }).click();
    await page.getByRole('option', { name: t('feedback.types.Suggestion') }).click();
    await page.getByRole('radio', { name: t('feedback.audio.Average') }).check();
    await page.getByRole('textbox', { name: t('feedback.fields.comment') }).fill(comment);
    await page.getByRole('button', { name: t('feedback.form.send') }).click();
    await expect(page.getByText(t('feedback.page.thanksTitle'))).toBeVisible();

    // The church admin finds it, opens it and reads who sent it.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInThroughForm(page, 'admin@demo.church');
    await page.goto(`/all-feedback?lng=${lang}`);
    await page.getByRole('searchbox', { name: t('feedback.list.search') }).fill(comment.slice(-13));
    await expect(page).toHaveURL(/q=\d{13}/);
    const open = page.getByRole('button', { name: t('feedback.list.open').replace('{{name}}', `${member.firstName} Journey`) });
    await open.click();
    const dialog = page.getByRole('dialog', { name: t('feedback.detail.title') });
    await expect(dialog.getByText(comment)).toBeVisible();
    await expect(dialog.getByText(member.email)).toBeVisible();
  });
}

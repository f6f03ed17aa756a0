import { expect, test } from '@playwright/test';
import { createMember, signInThroughForm } from './fixtures';
import { localeText } from './locale-text';

for (const lang of ['en', 'zh']) {
  test(`a church admin approves a deletion request and the member is signed out at once (${lang})`, async ({ browser, page, request }) => {
    const t = localeText(lang);
    // A name of its own: a retry must not find the first attempt's request as well.
    const suffix = Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 5);
    const member = await createMember(request, `${lang === 'en' ? 'Dorcas' : 'Priscilla'}${suffix}`);
    // The member asks, in their own browser, and stays signed in there.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await signInThroughForm(memberPage, member.email, member.password);
    const asked = await memberPage.request.post('/api/v1/me/deletion-request', { data: { reason: 'privacy_concerns' } });
    expect(asked.status()).toBe(201);

    await signInThroughForm(page, 'admin@demo.church');
    await page.goto(`/deletion-requests?status=pending&lng=${lang}`);
    const name = `${member.firstName} Journey`;
    await page.getByRole('button', { name: t('deletionReview.approveFor').replace('{{name}}', name) }).click();
    await page.getByRole('dialog', { name: t('deletionReview.approveTitle') }).getByRole('button', { name: t('deletionReview.approve') }).click();
    await expect(page.getByText(t('deletionReview.approved'))).toBeVisible();

    // The member's open session stops working straight away.
    expect((await memberPage.request.get('/api/v1/me')).status()).toBe(401);
    await memberContext.close();
  });
}

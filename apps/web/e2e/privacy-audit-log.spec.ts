import { expect, test } from '@playwright/test';
import { createMember, signInThroughForm } from './fixtures';
import { localeText } from './locale-text';


for (const lang of ['en', 'zh']) {
  test(`a church admin reads the audit log and narrows it to deletion approvals (${lang})`, async ({ page, request }) => {
    const t = localeText(lang);
    // Something to find: a member asks for deletion and the admin approves it through the API.
    const member = await createMember(request, 'Tabitha');
    await request.post('/api/v1/auth/login', { data: { email: member.email, password: member.password } });
    await request.post('/api/v1/me/deletion-request', { data: { reason: 'no_longer_needed' } });
    await request.post('/api/v1/auth/logout');

    await signInThroughForm(page, 'admin@demo.church');
    const pending = await page.request.get('/api/v1/deletion-requests?status=pending&q=tabitha');
    const [req] = (await pending.json()).items as Array<{ id: string }>;
    expect((await page.request.post(`/api/v1/deletion-requests/${req!.id}/approve`)).ok()).toBe(true);

    await page.goto(`/audit?lng=${lang}`);
    await expect(page.getByText(t('audit.intro'))).toBeVisible();
    await page.getByRole('combobox', { name: t('audit.columns.action') }).click();
    await page.getByRole('option', { name: t('audit.actions.deletion_request.approved') }).click();
    await expect(page).toHaveURL(/action=deletion_request\.approved/);
    const table = page.getByRole('table', { name: t('nav.auditLog') });
    await expect(table.getByRole('row').nth(1)).toContainText(t('audit.actions.deletion_request.approved'));
    // No control on the screen changes or deletes an entry.
    await expect(page.getByRole('button', { name: /delete|edit|删除|编辑/i })).toHaveCount(0);
  });
}

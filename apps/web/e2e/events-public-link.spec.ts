import { expect, test } from '@playwright/test';
import { blockMapTiles, createDemoEvent } from './events-helpers';

test('someone signed out opens the public events link, in Spanish, and sees only public events', async ({ page, context, request }) => {
  await blockMapTiles(context);
  const open = await createDemoEvent(request, { isPublic: true });
  const hidden = await createDemoEvent(request, { isPublic: false, name: 'Leaders Meeting Journey' });
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  await page.goto(`/churches/${open.churchId}/events`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour City Church' })).toBeVisible();
  await expect(page.getByText('Próximos eventos en Harbour City Church. Todos son bienvenidos.')).toBeVisible();
  const card = page.getByRole('article', { name: open.name });
  await expect(card).toBeVisible();
  await expect(card.getByText('(hora de Sydney)')).toBeVisible();
  await expect(page.getByRole('article', { name: hidden.name })).toHaveCount(0);
  // Nothing that needs an account: no calendar download, no sign-in wall.
  await expect(page.getByRole('link', { name: /calendario/ })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/churches/${open.churchId}/events$`));
});

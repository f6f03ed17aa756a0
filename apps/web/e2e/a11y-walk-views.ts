import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { View } from './a11y-walk-helpers';
import { createMember, latestResetCode, uniqueEmail } from './fixtures';

// The views of a11y-full-walk.spec.ts that are more than a page opened: a form showing its errors,
// a step reached, a dialog or a notification over the page.

const importFile = {
  name: 'people.csv',
  mimeType: 'text/csv',
  // Over one page of preview rows (the pager shows), one refused (the reason shows in red).
  buffer: Buffer.from(['First Name;Last Name;Mobile Phone Number;Home Email', '1;Al;123;not-an-email',
    ...Array.from({ length: 55 }, (_, i) => `Walk${'abcdefghij'[i % 10]};Person${'abcdefghij'[Math.floor(i / 10)]};;walk.${i}.${Date.now()}@example.com`)].join('\r\n')),
};

/** The import's preview of a file: its table, pager, warnings and refusals. */
export const importPreview: View = {
  path: '/users/import',
  act: async (p) => {
    const chooser = p.waitForEvent('filechooser');
    await p.locator('.mantine-FileInput-input').click();
    await (await chooser).setFiles(importFile);
    await expect(p.getByRole('navigation').filter({ has: p.getByRole('button', { name: '2' }) }).first()).toBeVisible({ timeout: 15_000 });
  },
};

/**
 * Sign-up's first step sent with gaps and a malformed email (its last button, Next): each field says
 * what is wrong, in red beside it.
 */
export const signUpErrors: View = {
  path: '/signup',
  act: async (p) => {
    await p.locator('input[type=email]').fill('not-an-email');
    await p.locator('form').getByRole('button').last().click();
    await expect(p.locator('[aria-invalid="true"]').nth(1)).toBeVisible();
  },
};

/** Password reset, its second step: the code boxes under the sentence that a code was sent. */
export const resetCode: View = {
  path: '/forgot-password',
  act: async (p) => {
    // An unknown address gets the same answer as a known one (nobody learns who is registered).
    await p.locator('input[type=email]').fill(uniqueEmail('walk'));
    await p.locator('button[type=submit]').click();
    await expect(p.locator('.mantine-PinInput-root')).toBeVisible({ timeout: 15_000 });
  },
};

/**
 * Password reset carried through to its notification ("Password changed") over the sign-in page: a
 * notification's body under its title must be as readable as any text. The pointer rests on it so
 * it stays open. The member is made through `api` (its own cookies), never through the page's.
 */
export const resetDone = (api: APIRequestContext): View => ({
  path: '/forgot-password',
  act: async (p) => {
    const member = await createMember(api, 'Walk');
    const sentAt = Date.now() - 1000;
    await p.locator('input[type=email]').fill(member.email);
    await p.locator('button[type=submit]').click();
    await expect(p.locator('.mantine-PinInput-root')).toBeVisible({ timeout: 15_000 });
    await p.locator('.mantine-PinInput-input').first().click();
    await p.keyboard.type(await latestResetCode(member.email, sentAt));
    await p.locator('button[type=submit]').click();
    // Nothing of the address's name part ("walk-…") in the password: the reset refuses that.
    await p.locator('input[type=password]').nth(0).fill('harbour-light-27');
    await p.locator('input[type=password]').nth(1).fill('harbour-light-27');
    await p.locator('button[type=submit]').click();
    const notification = p.locator('.mantine-Notification-root');
    await expect(notification).toBeVisible({ timeout: 15_000 });
    await notification.hover();
  },
});

/** A follow-up opened from its link: the dialog over the list, its status radios and notes. */
export const followUpDialog = (id: string): View => ({
  path: `/follow-ups?open=${id}`,
  act: async (p) => {
    await expect(p.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
  },
});

/**
 * The church's details saved unchanged: a yellow notification ("nothing changed"), the palest of the
 * app's notifications, over the church page. Nothing is written, so the walks running beside this
 * one read the same church.
 */
export const churchWithNotification: View = {
  path: '/church',
  act: async (p) => {
    await p.locator('form button[type=submit]').first().click();
    const notification = p.locator('.mantine-Notification-root');
    await expect(notification).toBeVisible({ timeout: 15_000 });
    await notification.hover();
  },
};

/**
 * A person invited but not yet signed up, so the people list shows an account status badge (yellow,
 * the palest) beside a role: the demo's people are all active, which shows none. Deleted after the walk.
 */
export async function invitedPerson(page: Page): Promise<string> {
  const me = (await (await page.request.get('/api/v1/me')).json()) as { churchId: string };
  const res = await page.request.post('/api/v1/users', {
    data: { firstName: 'Priscila', lastName: 'Convidada', email: uniqueEmail('walk-invited'), phone: '0412345678', suburb: 'Corinto', churchId: me.churchId, invite: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The phone menu, open: the drawer is a dialog over the page. */
export const phoneMenu: View = {
  path: '/dashboard',
  act: async (p) => {
    await p.setViewportSize({ width: 390, height: 844 });
    await p.getByRole('banner').getByRole('button').first().click();
    await expect(p.getByRole('dialog')).toBeVisible();
  },
  widths: [390],
};

import { expect, test } from '@playwright/test';
import { uniqueEmail } from './fixtures';

test('a new member signs up in three steps and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('ruth');
  await page.goto('/');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  // Step 1: who you are. Moving on with gaps is refused, with a message per field.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Ruth');
  await page.getByLabel('Last name').fill('Moabite');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('0412345678');
  await page.getByLabel('Date of birth').fill('1992-03-08');
  await page.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.getByLabel('Suburb').fill('Bondi');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: church and faith.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please choose a church')).toBeVisible();
  await page.getByRole('combobox', { name: 'Church' }).click();
  await page.getByRole('option', { name: 'Harbour City Church — Sydney' }).click();
  await page.getByRole('combobox', { name: 'Primary language' }).click();
  await page.getByRole('option', { name: 'Portuguese' }).click();
  await page.getByRole('combobox', { name: 'Faith journey' }).click();
  await page.getByRole('option', { name: 'Open to faith' }).click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByLabel('Who brought you?').fill('Naomi');
  await page.getByRole('combobox', { name: 'How did you hear about us?' }).click();
  await page.getByRole('option', { name: 'Friend or family' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: password and terms.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('cedar-secret');
  await page.getByLabel('Confirm password').fill('cedar-secreT');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText('You must accept the terms and privacy policy')).toBeVisible();
  await page.getByLabel('Confirm password').fill('cedar-secret');
  await page.getByRole('checkbox', { name: /terms and privacy policy/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const stored = await page.evaluate(() => ({ userType: localStorage.getItem('userType'), userEmail: localStorage.getItem('userEmail') }));
  expect(stored).toEqual({ userType: '4', userEmail: email });

  const me = await page.request.get('/api/v1/me');
  expect(me.ok()).toBe(true);
  expect(await me.json()).toMatchObject({
    email,
    firstName: 'Ruth',
    role: 'member',
    gender: 'female',
    primaryLanguage: 'portuguese',
    faithLevel: 'opentofaith',
    churchName: 'Harbour City Church',
  });
});

test('a mistyped email and one click on Next: every field of the step says what it needs', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Email').fill('not-an-email');
  // The email's own message appears as Next is pressed and moves the button down: one click still counts.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('an email already registered, in another letter case, is refused on the first step', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Martha');
  await page.getByLabel('Email').fill('MEMBER@demo.church');
  await page.getByLabel('Phone').fill('0412345678');
  await page.getByLabel('Date of birth').fill('1990-01-01');
  await page.getByLabel('Suburb').fill('Sydney');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'Church' }).click();
  await page.getByRole('option', { name: 'Harbour City Church — Sydney' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('quiet-harbour7');
  await page.getByLabel('Confirm password').fill('quiet-harbour7');
  await page.getByRole('checkbox', { name: /terms and privacy policy/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This email is already registered. Please use a different email.')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('under 13 cannot continue; under 18 must tick the guardian consent', async ({ page }) => {
  const year = new Date().getFullYear();
  await page.goto('/signup');
  await page.getByLabel('Date of birth').fill(`${year - 10}-01-01`);
  await expect(page.getByText('You must be at least 13 to register')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByLabel('Date of birth').fill(`${year - 16}-01-01`);
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await page.getByLabel('First name').fill('Timothy');
  await page.getByLabel('Email').fill(uniqueEmail('timothy'));
  await page.getByLabel('Phone').fill('0412345678');
  await page.getByLabel('Suburb').fill('Lystra');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'Church' }).click();
  await page.getByRole('option', { name: 'Southbank Community Church — Southbank' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('quiet-harbour7');
  await page.getByLabel('Confirm password').fill('quiet-harbour7');
  await page.getByRole('checkbox', { name: /terms and privacy policy/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Members under 18 need a parent or guardian to consent')).toBeVisible();
  await page.getByRole('checkbox', { name: 'My parent or guardian consents to my registration' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the steps show as numbers with the current step named', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByText('Step 1 of 3: About you')).toBeVisible();
    await page.getByLabel('First name').fill('Silas');
    await page.getByLabel('Email').fill(uniqueEmail('silas'));
    await page.getByLabel('Phone').fill('0412345678');
    await page.getByLabel('Date of birth').fill('1985-07-01');
    await page.getByLabel('Suburb').fill('Philippi');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 2 of 3: Church and faith')).toBeVisible();
    // A finished step can be opened again by its number.
    await page.getByRole('button', { name: 'About you' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('Silas');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '../../config/paths';
import { buildMe } from '../../test/factories';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubFetchEachTest } from '../../test/stub-fetch';
import { SignupPage } from './signup-page';

const church = { id: '0b4f5e7e-7c1a-4a8e-9a39-0d7f1d2e3c4b', name: 'Harbour City Church', suburb: 'Sydney' };
const me = buildMe({
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Lee',
  churchId: church.id,
  phone: '0412345678',
  dateOfBirth: '1990-01-01',
  referralCode: 'NEW123',
});

const routes = [
  { path: paths.signUp, element: <SignupPage /> },
  { path: paths.dashboard, element: <p>dashboard here</p> },
];

function yearsAgo(years: number) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

async function fillAboutYou(dateOfBirth = '1990-01-01') {
  await screen.findByRole('button', { name: 'Next' });
  type(/^First name/, 'Grace');
  type(/^Last name/, 'Lee');
  type(/^Email/, 'grace@example.com');
  type(/^Phone/, '0412345678');
  type(/^Date of birth/, dateOfBirth);
  type(/^Suburb/, 'Sydney');
}

async function chooseChurch() {
  fireEvent.click(await screen.findByRole('combobox', { name: /^Church/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Harbour City Church — Sydney', hidden: true }));
}

/** Every step with what it needs and the terms accepted, then Create account. */
async function completeSignup(dateOfBirth?: string) {
  await fillAboutYou(dateOfBirth);
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await chooseChurch();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  // The schema's checks load on first use: the next step opens a moment later.
  await screen.findByLabelText(/^Password/, { selector: 'input' });
  type(/^Password/, 'secret1');
  type(/^Confirm password/, 'secret1');
  fireEvent.click(screen.getByRole('checkbox', { name: /terms and privacy policy/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('signup page', { timeout: 20_000 }, () => {
  const fetchMock = stubFetchEachTest();
  let signupAnswer: Response;
  beforeEach(() => {
    signupAnswer = jsonResponse(201, me);
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/v1/churches/public') return jsonResponse(200, [church]);
      if (url === '/api/v1/auth/signup') return signupAnswer;
      return jsonResponse(404, { code: 'not_found' });
    });
  });

  it('stays on the first step and lists what is wrong there', async () => {
    await renderScreen(routes, paths.signUp);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(screen.getByText('Suburb is required')).toBeTruthy();
    expect(screen.queryByText('Please choose a church')).toBeNull();
    expect(screen.getByLabelText(/^First name/)).toBeTruthy();
  });

  it('stops someone under 13 with a clear message', async () => {
    await renderScreen(routes, paths.signUp);
    await fillAboutYou(yearsAgo(12));
    expect(await screen.findByText('You must be at least 13 to register')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('walks through the three steps, sends every field and opens the dashboard', async () => {
    const { router } = await renderScreen(routes, `${paths.signUp}?ref=friend42`);
    await fillAboutYou();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await chooseChurch();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    type(/^Who brought you/, 'Maria Santos');
    expect(screen.getByLabelText(/^Referral code/)).toHaveProperty('value', 'friend42');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // The schema's checks load on first use: the next step opens a moment later.
    await screen.findByLabelText(/^Password/, { selector: 'input' });

    type(/^Password/, 'secret1');
    type(/^Confirm password/, 'secret1');
    expect(screen.queryByLabelText(/parent or guardian consents/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and privacy policy/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByText('dashboard here');
    expect(router.state.location.pathname).toBe(paths.dashboard);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/auth/signup')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({
      firstName: 'Grace',
      lastName: 'Lee',
      email: 'grace@example.com',
      phone: '0412345678',
      dateOfBirth: '1990-01-01',
      suburb: 'Sydney',
      churchId: church.id,
      attendedBefore: true,
      broughtBy: 'Maria Santos',
      referralCode: 'FRIEND42',
      password: 'secret1',
      confirmPassword: 'secret1',
      termsAccepted: true,
      guardianConsent: false,
    });
    expect(localStorage.getItem('userType')).toBe('4');
    expect(localStorage.getItem('userEmail')).toBe('grace@example.com');
  });

  it('asks a 15-year-old for guardian consent before creating the account', async () => {
    await renderScreen(routes, paths.signUp);
    await completeSignup(yearsAgo(15));
    expect(await screen.findByText('Members under 18 need a parent or guardian to consent')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/auth/signup')).toBe(false);
  });

  it('goes back to the first step when the email is already registered', async () => {
    signupAnswer = jsonResponse(409, { code: 'email_taken', status: 409 });
    await renderScreen(routes, paths.signUp);
    await completeSignup();
    expect(await screen.findByText('This email is already registered. Please use a different email.')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/)).toBeTruthy();
    expect(localStorage.getItem('userEmail')).toBeNull();
  });

  it('shows a server field error on the step that asks for it', async () => {
    signupAnswer = jsonResponse(400, {
      code: 'validation',
      status: 400,
      errors: [{ field: 'referralCode', message: 'This referral code is not valid', key: 'validation.referralCodeInvalid' }],
    });
    await renderScreen(routes, `${paths.signUp}?ref=NOPE`);
    await completeSignup();
    expect(await screen.findByText('This referral code is not valid')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText(/^Referral code/)).toBeTruthy());
  });
});

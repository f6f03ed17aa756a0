import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '../../app/paths';
import { ApiError } from '../../lib/api-client';
import { buildMe } from '../../test/factories';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubFetchEachTest } from '../../test/stub-fetch';
import { signInFailureMessage } from './sign-in-failure';
import { lobbyToReturnTo, SignInPage } from './sign-in-page';

const me = buildMe({ email: 'staff@demo.church', firstName: 'Samuel', lastName: 'Staff', role: 'staff' });

const routes = [
  { path: paths.signIn, element: <SignInPage /> },
  { path: paths.dashboard, element: <p>dashboard here</p> },
];

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', { timeout: 20_000 }, () => {
  const fetchMock = stubFetchEachTest();

  it('explains what is missing and sends nothing', async () => {
    await renderScreen(routes, paths.signIn);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says an email is not valid', async () => {
    await renderScreen(routes, paths.signIn);
    await fillAndSubmit('not-an-email', 'secret');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
  });

  it('shows the spec message for wrong credentials and stays on the page', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 'invalid_credentials', status: 401, detail: 'Please enter the correct credentials' }));
    const { router } = await renderScreen(routes, paths.signIn);
    await fillAndSubmit('member@demo.church', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please enter the correct credentials');
    expect(router.state.location.pathname).toBe(paths.signIn);
    expect(localStorage.getItem('userEmail')).toBeNull();
  });

  it('says how long to wait after too many attempts', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { code: 'rate_limited', status: 429 }, { 'retry-after': '540' }));
    await renderScreen(routes, paths.signIn);
    await fillAndSubmit('member@demo.church', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many sign-in attempts. Please wait 9 min and try again.');
  });

  it('stores the person and opens the dashboard', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, me));
    const { router } = await renderScreen(routes, paths.signIn);
    await fillAndSubmit(' Staff@Demo.Church ', 'demo1234');
    await screen.findByText('dashboard here');
    expect(router.state.location.pathname).toBe(paths.dashboard);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'Staff@Demo.Church', password: 'demo1234' });
    expect(localStorage.getItem('userType')).toBe('3');
    expect(localStorage.getItem('userEmail')).toBe('staff@demo.church');
    expect(localStorage.getItem('firstName')).toBe('Samuel');
    expect(localStorage.getItem('lastName')).toBe('Staff');
    expect(localStorage.getItem('churchId')).toBe(me.churchId);
    expect(localStorage.getItem('userId')).toBe(me.id);
  });

  it('links to password reset and signup', async () => {
    await renderScreen(routes, paths.signIn);
    expect((await screen.findByRole('link', { name: 'Forgot password?' })).getAttribute('href')).toBe(paths.forgotPassword);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(paths.signUp);
  });

  it('switches the interface language from the picker', async () => {
    const { i18n } = await renderScreen(routes, paths.signIn);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Português', hidden: true }));
    await waitFor(() => expect(i18n.language).toBe('pt'));
  });
});

describe('signInFailureMessage', () => {
  const t = (key: string, options?: Record<string, unknown>) => (options ? `${key}:${JSON.stringify(options)}` : key);

  it('rounds the wait up to whole minutes and falls back to the failure window', () => {
    expect(signInFailureMessage(new ApiError(429, 'rate_limited', '', [], 61), t)).toBe('auth.signIn.tooManyAttempts:{"minutes":2}');
    expect(signInFailureMessage(new ApiError(429, 'rate_limited', ''), t)).toBe('auth.signIn.tooManyAttempts:{"minutes":15}');
  });

  it('treats any other failure as something that went wrong', () => {
    expect(signInFailureMessage(new ApiError(500, 'internal', ''), t)).toBe('auth.signIn.failed');
    expect(signInFailureMessage(new Error('x'), t)).toBe('auth.signIn.failed');
    expect(signInFailureMessage(new ApiError(0, 'network', ''), t)).toBe('errors.network');
  });
});

describe('lobbyToReturnTo', () => {
  it('returns to a church lobby or projector view of this site only', () => {
    expect(lobbyToReturnTo('/l/HARBOUR')).toBe('/l/HARBOUR');
    expect(lobbyToReturnTo('/l/HARBOUR/projector')).toBe('/l/HARBOUR/projector');
    expect(lobbyToReturnTo('//evil.example/l/X')).toBeNull();
    expect(lobbyToReturnTo('/users')).toBeNull();
    expect(lobbyToReturnTo(null)).toBeNull();
  });
});

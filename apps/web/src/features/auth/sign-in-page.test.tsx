import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '../../config/paths';
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
  { path: paths.profile, element: <p>profile here</p> },
];

/** Answers by URL: the password step, the code step and the two-step status. */
const byUrl = (answers: Record<string, () => Response>) => (url: RequestInfo | URL) => {
  const key = String(url).replace('/api/v1', '');
  return Promise.resolve(answers[key]?.() ?? jsonResponse(404, { code: 'not_found', status: 404 }));
};

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

  it('asks for the two-step code after the password, then opens the dashboard', async () => {
    fetchMock.mockImplementation(byUrl({
      '/auth/login': () => jsonResponse(202, { twoStep: 'code' }),
      '/auth/login/two-step': () => jsonResponse(200, me),
      '/me/two-step': () => jsonResponse(200, { enabled: true, mustEnrol: false, recoveryCodesLeft: 10 }),
    }));
    const { router } = await renderScreen(routes, paths.signIn);
    await fillAndSubmit('staff@demo.church', 'demo1234');
    expect(localStorage.getItem('userEmail')).toBeNull();
    fireEvent.change(await screen.findByLabelText('6-digit code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByLabelText('Remember this device for 30 days'));
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('dashboard here');
    expect(router.state.location.pathname).toBe(paths.dashboard);
    const codeCall = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/auth/login/two-step'))!;
    expect(JSON.parse(String(codeCall[1]?.body))).toEqual({ code: '123456', rememberDevice: true });
    expect(localStorage.getItem('userEmail')).toBe('staff@demo.church');
  });

  it('starts again from the password when the half session ended', async () => {
    fetchMock.mockImplementation(byUrl({
      '/auth/login': () => jsonResponse(202, { twoStep: 'code' }),
      '/auth/login/two-step': () => jsonResponse(401, { code: 'two_step_restart', status: 401 }),
    }));
    await renderScreen(routes, paths.signIn);
    await fillAndSubmit('staff@demo.church', 'demo1234');
    fireEvent.change(await screen.findByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many wrong codes, or signing in took too long. Please sign in again.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('takes an administrator who must set up two-step sign-in to it', async () => {
    fetchMock.mockImplementation(byUrl({
      '/auth/login': () => jsonResponse(200, { ...me, role: 'church_admin' }),
      '/me/two-step': () => jsonResponse(200, { enabled: false, mustEnrol: true, recoveryCodesLeft: 0 }),
    }));
    const { router } = await renderScreen(routes, paths.signIn);
    await fillAndSubmit('admin@demo.church', 'demo1234');
    await screen.findByText('profile here');
    expect(router.state.location.hash).toBe('#two-step');
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

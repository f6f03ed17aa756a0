import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { paths } from '../../config/paths';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubFetchEachTest } from '../../test/stub-fetch';
import { ForgotPasswordPage } from './forgot-password-page';

const routes = [
  { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
  { path: paths.signIn, element: <p>sign-in here</p> },
];

const invalidCode = () => jsonResponse(400, { code: 'invalid_reset_code', status: 400, detail: 'Invalid code or request' });

function typeCode(code: string) {
  code.split('').forEach((digit, i) => {
    fireEvent.change(screen.getByLabelText(`Digit ${i + 1} of 4`), { target: { value: digit } });
  });
}

describe('forgot password page', { timeout: 20_000 }, () => {
  const fetchMock = stubFetchEachTest();
  const bodies: Record<string, unknown[]> = {};
  let verifyAnswers: Array<() => Response>;
  let confirmAnswer: () => Response;

  beforeEach(() => {
    for (const k of Object.keys(bodies)) delete bodies[k];
    verifyAnswers = [invalidCode, () => jsonResponse(200, { valid: true })];
    confirmAnswer = () => jsonResponse(204);
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      (bodies[path] ??= []).push(JSON.parse(String(init?.body)));
      if (path === '/api/v1/auth/password-reset') return jsonResponse(202, { message: 'sent' });
      if (path === '/api/v1/auth/password-reset/verify') return (verifyAnswers.shift() ?? invalidCode)();
      if (path === '/api/v1/auth/password-reset/confirm') return confirmAnswer();
      return jsonResponse(404, { code: 'not_found' });
    });
  });

  async function reachCodeStep() {
    const view = await renderScreen(routes, paths.forgotPassword);
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'member@demo.church' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Digit 1 of 4');
    return view;
  }

  it('checks the email before asking the server', async () => {
    await renderScreen(routes, paths.forgotPassword);
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes from email to code to new password and back to sign-in', async () => {
    const { router } = await reachCodeStep();
    expect(bodies['/api/v1/auth/password-reset']).toEqual([{ email: 'member@demo.church' }]);

    typeCode('1111');
    fireEvent.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByText('Invalid code or request')).toBeTruthy();

    typeCode('4321');
    fireEvent.click(screen.getByRole('button', { name: 'Check code' }));
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'newpass1' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'different' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'newpass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await screen.findByText('sign-in here');
    expect(router.state.location.pathname).toBe(paths.signIn);
    expect(bodies['/api/v1/auth/password-reset/confirm']).toEqual([
      { email: 'member@demo.church', code: '4321', password: 'newpass1', confirmPassword: 'newpass1' },
    ]);
    expect(await screen.findByText('Password changed')).toBeTruthy();
  });

  it('asks for an incomplete code without calling the server', async () => {
    await reachCodeStep();
    typeCode('12');
    fireEvent.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByText('Please enter the 4-digit code')).toBeTruthy();
    expect(bodies['/api/v1/auth/password-reset/verify']).toBeUndefined();
  });

  it('returns to the code step when the code expired while typing the new password', async () => {
    verifyAnswers = [() => jsonResponse(200, { valid: true })];
    confirmAnswer = invalidCode;
    await reachCodeStep();
    typeCode('4321');
    fireEvent.click(screen.getByRole('button', { name: 'Check code' }));
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'newpass1' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'newpass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Invalid code or request')).toBeTruthy();
    expect(screen.getByLabelText('Digit 1 of 4')).toHaveProperty('value', '');
  });

  it('sends a new code on request', async () => {
    await reachCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
    expect(bodies['/api/v1/auth/password-reset']).toHaveLength(2);
  });
});

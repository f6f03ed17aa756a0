import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IMAGE_MAX_BYTES } from '@app/shared';
import { paths } from '../../config/paths';
import { buildMe } from '../../test/factories';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubApiEachTest } from '../../test/stub-fetch';
import { ProfilePage } from './profile-page';

const member = buildMe({
  suburb: 'Parramatta',
  dateOfBirth: '1990-04-12',
  gender: 'female',
  primaryLanguage: 'spanish',
  faithLevel: 'activelyexploring',
  referralCode: 'MARTHA1',
});

const routes = [
  { path: paths.profile, element: <ProfilePage /> },
  { path: paths.signIn, element: <p>sign-in here</p> },
];

/** Opens the change-password dialog, fills it with `currentPassword` and a valid new one, and submits. */
async function changePassword(currentPassword: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change password' });
  fireEvent.change(within(dialog).getByLabelText(/^Current password/), { target: { value: currentPassword } });
  fireEvent.change(within(dialog).getByLabelText(/^New password/), { target: { value: 'newpass1' } });
  fireEvent.change(within(dialog).getByLabelText(/^Confirm password/), { target: { value: 'newpass1' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
  return dialog;
}

describe('profile page', { timeout: 20_000 }, () => {
  const { handlers, calls } = stubApiEachTest(() => ({ 'GET /api/v1/me': () => jsonResponse(200, member) }));

  beforeEach(() => {
    localStorage.setItem('userEmail', member.email);
    localStorage.setItem('firstName', member.firstName);
  });

  it('fills the form with the person and hides work fields from members', async () => {
    await renderScreen(routes, paths.profile);
    expect(await screen.findByLabelText(/^First name/)).toHaveProperty('value', 'Martha');
    expect(screen.getByLabelText(/^Suburb/)).toHaveProperty('value', 'Parramatta');
    expect(screen.getByText('Harbour City Church')).toBeTruthy();
    expect(screen.queryByLabelText(/^Work email/)).toBeNull();
    expect(screen.queryByLabelText(/^LinkedIn profile/)).toBeNull();
  });

  it('shows work email and LinkedIn to staff and checks their format', async () => {
    handlers['GET /api/v1/me'] = () => jsonResponse(200, { ...member, role: 'staff' });
    await renderScreen(routes, paths.profile);
    fireEvent.change(await screen.findByLabelText(/^Work email/), { target: { value: 'not-mail' } });
    fireEvent.change(screen.getByLabelText(/^LinkedIn profile/), { target: { value: 'https://example.com/me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please enter a valid LinkedIn profile address')).toBeTruthy();
    expect(calls('PATCH /api/v1/me')).toHaveLength(0);
  });

  it('saves the details, says so and updates the stored name', async () => {
    handlers['PATCH /api/v1/me'] = (init) => jsonResponse(200, { ...member, ...JSON.parse(String(init?.body)) });
    await renderScreen(routes, paths.profile);
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Marta' } });
    fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: '1 Church St' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    const body = JSON.parse(String(calls('PATCH /api/v1/me')[0]![1]?.body));
    expect(body).toMatchObject({ firstName: 'Marta', address: '1 Church St', gender: 'female', primaryLanguage: 'spanish' });
    expect(body).not.toHaveProperty('workEmail');
    expect(localStorage.getItem('firstName')).toBe('Marta');
  });

  it('refuses an empty first name and a short phone before saving', async () => {
    await renderScreen(routes, paths.profile);
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Phone number must have at least 10 digits')).toBeTruthy();
    expect(calls('PATCH /api/v1/me')).toHaveLength(0);
  });

  it('reports a failed save', async () => {
    handlers['PATCH /api/v1/me'] = () => jsonResponse(500, { code: 'internal', status: 500 });
    await renderScreen(routes, paths.profile);
    await screen.findByLabelText(/^First name/);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findAllByText('Error updating profile')).length).toBeGreaterThan(0);
  });

  it('shows a wrong current password on its field', async () => {
    handlers['POST /api/v1/me/password'] = () =>
      jsonResponse(400, {
        code: 'invalid_credentials',
        status: 400,
        errors: [{ field: 'currentPassword', message: 'Wrong', key: 'errors.invalid_credentials' }],
      });
    await renderScreen(routes, paths.profile);
    const dialog = await changePassword('nope');
    expect(await within(dialog).findByText('Your current password is not correct')).toBeTruthy();
  });

  it('says "Error changing password" when the server fails', async () => {
    handlers['POST /api/v1/me/password'] = () => jsonResponse(500, { code: 'internal', status: 500 });
    await renderScreen(routes, paths.profile);
    const dialog = await changePassword('demo1234');
    expect(await within(dialog).findByText('Error changing password')).toBeTruthy();
  });

  it('refuses a photo over 5MB or of another type without uploading it', async () => {
    await renderScreen(routes, paths.profile);
    await screen.findByRole('button', { name: 'Upload photo' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('The file is too large. Please choose an image under 5MB.')).toBeTruthy();
    const gif = new File([new Uint8Array(10)], 'a.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [gif] } });
    expect(await screen.findByText('Only JPG or PNG images are allowed')).toBeTruthy();
    expect(calls('PUT /api/v1/me/photo')).toHaveLength(0);
  });

  it('previews a chosen photo, then uploads it', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    handlers['PUT /api/v1/me/photo'] = () => jsonResponse(200, { ...member, photoUrl: '/api/v1/files/p.jpg' });
    await renderScreen(routes, paths.profile);
    await screen.findByRole('button', { name: 'Upload photo' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(100)], 'me.png', { type: 'image/png' })] } });
    expect(await screen.findByText('This is how your new photo will look.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save photo' }));
    expect(await screen.findByText('Photo updated')).toBeTruthy();
    const body = calls('PUT /api/v1/me/photo')[0]![1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByRole('button', { name: 'Remove photo' })).toBeTruthy();
  });

  it('asks before removing the photo', async () => {
    handlers['GET /api/v1/me'] = () => jsonResponse(200, { ...member, photoUrl: '/api/v1/files/p.jpg' });
    handlers['DELETE /api/v1/me/photo'] = () => jsonResponse(204);
    await renderScreen(routes, paths.profile);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your photo?' });
    expect(calls('DELETE /api/v1/me/photo')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Photo removed')).toBeTruthy();
    expect(calls('DELETE /api/v1/me/photo')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull());
  });

  it('offers to sign in again when the session has ended', async () => {
    handlers['GET /api/v1/me'] = () => jsonResponse(401, { code: 'unauthenticated', status: 401 });
    const { router } = await renderScreen(routes, paths.profile);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in again' }));
    await screen.findByText('sign-in here');
    expect(router.state.location.pathname).toBe(paths.signIn);
    expect(localStorage.getItem('userEmail')).toBeNull();
  });
});

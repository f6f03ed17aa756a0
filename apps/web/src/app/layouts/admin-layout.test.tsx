import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n, i18nReady } from '../../i18n';
import { storeUser } from '../../lib/stored-user';
import { theme } from '../providers';
import { AdminLayout } from './admin-layout';

function renderShell(path = '/dashboard') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Sign-in page</p> },
      {
        element: <AdminLayout />,
        children: [
          { path: '/dashboard', element: <p>Dashboard screen</p> },
          { path: '/users', element: <p>Users screen</p> },
          { path: '/analytics', element: <p>Analytics screen</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  // StrictMode as in main.tsx: effects run twice in development and must not undo themselves.
  render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  return router;
}

const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' });
const menuLabels = () => within(mainMenu()).getAllByRole('link').map((a) => a.getAttribute('aria-label') ?? a.textContent);

const admin = { id: 'u1', email: 'admin@demo.church', firstName: 'Grace', lastName: 'Hopper', role: 'church_admin' as const, churchId: 'c1' };

describe('admin layout', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('i18nextLng', 'en');
    storeUser(admin);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the person's full name and the menu of their stored userType", async () => {
    renderShell();
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(menuLabels()).toEqual(['Dashboard', 'Manage Church', 'Staff Members', 'Users', 'Events', 'Go Live', 'Follow-ups', 'View Feedback', 'Delete Requests', 'Audit Log', 'Manage Profile']);
  });

  it('switches the menu when sign-in stores another userType', async () => {
    renderShell();
    await screen.findByText('Grace Hopper');
    act(() => storeUser({ ...admin, firstName: 'Ana', lastName: 'Lima', role: 'member' }));
    expect(await screen.findByText('Ana Lima')).toBeTruthy();
    expect(menuLabels()).toEqual(['Dashboard', 'Join Live Sermons', 'Events', 'Privacy Policy', 'Delete My Account', 'Feedback', 'Manage Profile']);
  });

  it('titles the breadcrumb bar and the document with the current menu item, and marks it current', async () => {
    renderShell('/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(document.title).toBe('Users · Sermon Translate');
    await waitFor(() => expect(within(mainMenu()).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page'));
    expect(within(mainMenu()).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('leaves no menu item current on a screen outside the menu', async () => {
    const router = renderShell('/users');
    await waitFor(() => expect(within(mainMenu()).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page'));
    await act(() => router.navigate('/analytics'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    await waitFor(() => expect(within(mainMenu()).queryAllByRole('link', { current: 'page' })).toHaveLength(0));
  });

  it('collapses the side menu to named icons and expands it again', async () => {
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Collapse menu' }));
    const users = within(mainMenu()).getByRole('link', { name: 'Users' });
    expect(users.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(within(mainMenu()).getByRole('link', { name: 'Users' }).textContent).toBe('Users');
  });

  it('logs out: ends the session, keeps only the language and returns to /', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('theme', 'dark');
    const router = renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(Object.keys(localStorage)).toEqual(['i18nextLng']);
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
  });

  it('still signs out of this browser when the logout request fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const router = renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(Object.keys(localStorage)).toEqual(['i18nextLng']);
  });

  it('leaves the signed-in area when another tab logs out', async () => {
    const router = renderShell();
    await screen.findByText('Grace Hopper');
    act(() => {
      localStorage.removeItem('userEmail');
      window.dispatchEvent(new StorageEvent('storage', { key: 'userEmail' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n, i18nReady } from '../../i18n';
import { storeUser } from '../../lib/stored-user';
import { DashboardPage } from './dashboard-page';

function renderDashboard() {
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], { initialEntries: ['/dashboard'] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const tileNames = () =>
  screen
    .getAllByRole('link')
    .map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')]);

describe('dashboard', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('welcomes the person by name and states their role', async () => {
    storeUser({ id: 'u1', email: 'staff@demo.church', firstName: 'Sam', lastName: 'Lee', role: 'staff', churchId: 'c1' });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Welcome, Sam' })).toBeTruthy();
    expect(screen.getByText('Staff member')).toBeTruthy();
  });

  it("links a tile to each of the person's menu destinations and to nothing else", async () => {
    storeUser({ id: 'u1', email: 'member@demo.church', firstName: 'Ana', lastName: 'Lima', role: 'member', churchId: 'c1' });
    renderDashboard();
    await screen.findByRole('heading', { name: 'Welcome, Ana' });
    expect(tileNames()).toEqual([
      ['Join Live Sermons', '/live-sermon-translator'],
      ['Events', '/user/events'],
      ['Privacy Policy', '/privacy-policy'],
      ['Delete My Account', '/request-delete'],
      ['Feedback', '/feedback'],
      ['Manage Profile', '/profile'],
    ]);
  });

  it('shows no made-up figures', async () => {
    storeUser({ id: 'u1', email: 'admin@demo.church', firstName: 'Grace', lastName: 'Hopper', role: 'church_admin', churchId: 'c1' });
    renderDashboard();
    await screen.findByRole('heading', { name: 'Welcome, Grace' });
    const visible = document.body.cloneNode(true) as HTMLElement;
    visible.querySelectorAll('style').forEach((el) => el.remove());
    expect(visible.textContent).not.toMatch(/\d/);
  });

  it('speaks the chosen language', async () => {
    await i18n.changeLanguage('zh');
    storeUser({ id: 'u1', email: 'admin@demo.church', firstName: 'Grace', lastName: 'Hopper', role: 'church_admin', churchId: 'c1' });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: '欢迎，Grace' })).toBeTruthy();
    expect(screen.getByText('教会管理员')).toBeTruthy();
  });
});

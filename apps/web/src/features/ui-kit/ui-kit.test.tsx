import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { UiOverlays } from '../../components/ui-overlays';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n, i18nReady } from '../../i18n';
import { BadgesPage } from './badges-page';
import { BreadcrumbPagingPage } from './breadcrumb-paging-page';
import { ButtonPage } from './button-page';
import { CollapsePage } from './collapse-page';
import { TabsPillsPage } from './tabs-pills-page';
import { TypographyPage } from './typography-page';

const pages: Array<[string, ComponentType]> = [
  ['/basic/button', ButtonPage],
  ['/basic/badges', BadgesPage],
  ['/basic/breadcrumb-paging', BreadcrumbPagingPage],
  ['/basic/collapse', CollapsePage],
  ['/basic/tabs-pills', TabsPillsPage],
  ['/basic/typography', TypographyPage],
];

function renderPage(path: string, Page: ComponentType) {
  const router = createMemoryRouter([{ path, element: <Page /> }], { initialEntries: [path] });
  render(
    <MantineProvider>
      <UiOverlays>
        <RouterProvider router={router} />
      </UiOverlays>
    </MantineProvider>,
  );
}

// A raw key looks like `basic.button.title`: lower-case words joined by dots, no spaces.
const rawKey = /\b(basic|common|nav|shell|languages)\.[a-z][\w.]*/;

describe('UI kit pages', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterEach(cleanup);

  it.each(pages.flatMap(([path, Page]) => ['en', 'zh'].map((lang) => [path, lang, Page] as const)))('%s renders in %s with no raw key', async (path, lang, Page) => {
    await i18n.changeLanguage(lang);
    renderPage(path, Page);
    const current = screen.getByRole('navigation', { name: i18n.t('basic.kitNav') });
    expect(current.querySelector('[aria-current="page"]')?.getAttribute('href')).toBe(path);
    expect(document.body.textContent).not.toMatch(rawKey);
  });

  it('asks before the destructive example acts, and does nothing on cancel', async () => {
    await i18n.changeLanguage('en');
    renderPage('/basic/button', ButtonPage);
    fireEvent.click(screen.getByRole('button', { name: 'Delete example' }));
    expect(await screen.findByText('Delete this example?')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/Confirmed\./)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete example' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Confirmed\./)).toBeTruthy();
  });

  it('announces whether the collapse panel is open', async () => {
    await i18n.changeLanguage('en');
    renderPage('/basic/collapse', CollapsePage);
    const toggle = screen.getByRole('button', { name: 'Show details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('pages through the example list and says which rows are shown', async () => {
    await i18n.changeLanguage('en');
    renderPage('/basic/breadcrumb-paging', BreadcrumbPagingPage);
    expect(screen.getByText('Showing 1–10 of 47')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Next page' })[0]!);
    expect(screen.getByText('Showing 11–20 of 47')).toBeTruthy();
    expect(screen.getByText('Example row 11')).toBeTruthy();
  });
});

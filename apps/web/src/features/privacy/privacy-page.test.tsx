import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { i18n, i18nReady } from '../../i18n';
import { PrivacyPage } from './privacy-page';

describe('privacy policy', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterEach(cleanup);

  it('states the terms spec sections 1 and 9 require, in English', async () => {
    await i18n.changeLanguage('en');
    render(<MantineProvider><PrivacyPage /></MantineProvider>);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy and terms of use' })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('at least 13 years old');
    expect(text).toContain('under 18, a parent or guardian must consent');
    expect(text).toContain('servers in Australia');
    expect(text).toContain('TLS 1.2 or higher');
    expect(text).toContain('deleted within 30 days of your request');
    expect(text).toContain('What we collect and why');
    expect(text).toMatch(/Get a copy of everything we hold about you/);
    expect(text).toMatch(/To delete your account/);
    expect(text).toContain('Download my data');
    expect(text).toContain('carried out automatically');
    expect(text).toContain('cannot be changed');
    expect(screen.getByRole('heading', { name: 'Terms of use' })).toBeTruthy();
  });

  it.each([
    ['pt', 'Austrália'],
    ['es', 'Australia'],
    ['id', 'Australia'],
    ['zh', '澳大利亚'],
  ])('gives the same facts in %s', async (lang, australia) => {
    await i18n.changeLanguage(lang);
    render(<MantineProvider><PrivacyPage /></MantineProvider>);
    const text = document.body.textContent ?? '';
    for (const fact of ['13', '18', '30', 'TLS 1.2', australia]) expect(text, fact).toContain(fact);
    expect(text).not.toMatch(/privacy\.sections/);
  });

  it('links its table of contents to each section', async () => {
    await i18n.changeLanguage('en');
    render(<MantineProvider><PrivacyPage /></MantineProvider>);
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    for (const link of toc.querySelectorAll('a')) {
      const id = link.getAttribute('href')!.slice(1);
      expect(document.getElementById(id), id).not.toBeNull();
    }
  });
});

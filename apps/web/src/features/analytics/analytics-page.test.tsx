import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TranslationUsageRow } from '@app/shared';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubApiEachTest } from '../../test/stub-fetch';
import { AnalyticsPage } from './analytics-page';

const churchId = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const row = (over: Partial<TranslationUsageRow>): TranslationUsageRow => ({
  churchId, churchName: 'Harbour City Church', weekStart: '2026-11-23', engine: 'deepl', unit: 'characters',
  partialUnits: 30_000, finalUnits: 12_345, requests: 1200, failures: 7, ...over,
});

describe('the translation cost view', { timeout: 20_000 }, () => {
  const { handlers, calls } = stubApiEachTest(() => ({
    'GET /api/v1/analytics/translation-usage?weeks=8': () => jsonResponse(200, { rows: [row({}), row({ engine: 'openai', unit: 'tokens', partialUnits: 0, finalUnits: 4500, requests: 20, failures: 0 })] }),
  }));
  beforeEach(() => localStorage.setItem('userType', '2'));
  const open = () => renderScreen([{ path: '/analytics', element: <AnalyticsPage /> }], '/analytics?tab=cost');

  it("shows a church admin each engine's week, final and in-progress lines apart, tokens for a model", async () => {
    await open();
    const table = await screen.findByRole('table', { name: 'Translation cost per week' });
    const deepl = within(table).getByRole('row', { name: /DeepL/ });
    expect(deepl.textContent).toContain('12,345 characters');
    expect(deepl.textContent).toContain('30,000 characters');
    expect(deepl.textContent).toContain('42,345 characters');
    expect(within(table).getByRole('row', { name: /AI model/ }).textContent).toContain('4,500 tokens');
    expect(within(table).queryByRole('columnheader', { name: 'Church' })).toBeNull();
    expect(calls('GET /api/v1/analytics/translation-usage?weeks=8')).toHaveLength(1);
  });

  it('estimates each engine’s cost at its list price, in Australian dollars by default', async () => {
    await open();
    const table = await screen.findByRole('table', { name: 'Translation cost per week' });
    expect(within(table).getByRole('columnheader', { name: 'Estimated cost' })).toBeTruthy();
    // 42,345 characters of DeepL at US$25 a million, in AUD.
    expect(within(table).getByRole('row', { name: /DeepL/ }).textContent).toMatch(/A\$1\.63|AUD\s?1\.63/);
  });

  it('estimates at the church’s own price and in its currency where it set them', async () => {
    handlers['GET /api/v1/cost-prices'] = () => jsonResponse(200, { churches: [{ churchId, currency: 'NZD', overrides: { 'translation:deepl': 30 } }] });
    await open();
    const table = await screen.findByRole('table', { name: 'Translation cost per week' });
    // 42,345 characters at the church's NZ$30 a million.
    await waitFor(() => expect(within(table).getByRole('row', { name: /DeepL/ }).textContent).toMatch(/NZ\$1\.27|NZD\s?1\.27/));
  });

  it('shows the characters each voice engine spoke, per month and per sermon, beside recognition minutes', async () => {
    const sermon = (sermonId: string, engine: string, characters: number, failures = 0) => ({ sermonId, churchId, churchName: 'Harbour City Church', startedAt: '2026-11-22T23:30:00Z', engine, characters, failures });
    handlers['GET /api/v1/analytics/translation-usage?weeks=8'] = () => jsonResponse(200, {
      rows: [row({})], recognition: [],
      voice: [sermon('11111111-1111-4111-8111-111111111111', 'openai', 10_500, 2), sermon('11111111-1111-4111-8111-111111111111', 'espeak', 400), sermon('22222222-2222-4222-8222-222222222222', 'openai', 1_500)],
    });
    await open();
    const month = await screen.findByRole('table', { name: 'Voice characters per month' });
    const openai = within(month).getByRole('row', { name: /Speech server/ });
    expect(openai.textContent).toContain('12,000');
    expect(within(month).getByRole('row', { name: /eSpeak NG/ }).textContent).toContain('400');
    const perSermon = screen.getByRole('table', { name: 'Voice characters per sermon' });
    expect(within(perSermon).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('No engine on the server heard a sermon in these weeks.')).toBeTruthy();
  });

  it('says so when no engine translated anything', async () => {
    handlers['GET /api/v1/analytics/translation-usage?weeks=8'] = () => jsonResponse(200, { rows: [] });
    await open();
    expect(await screen.findByText('No engine translated anything in these weeks.')).toBeTruthy();
  });

  it('is not offered to staff', async () => {
    localStorage.setItem('userType', '3');
    await open();
    expect(await screen.findByRole('tab', { name: 'Accepted Jesus' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Translation cost' })).toBeNull();
    expect(calls('GET /api/v1/analytics/translation-usage?weeks=8')).toHaveLength(0);
  });
});

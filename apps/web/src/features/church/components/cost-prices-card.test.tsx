import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubApiEachTest } from '../../../test/stub-fetch';
import { CostPricesCard } from './cost-prices-card';

const churchId = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';

describe('the prices behind the cost view', { timeout: 20_000 }, () => {
  stubApiEachTest(() => ({
    [`GET /api/v1/cost-prices?churchId=${churchId}`]: () => jsonResponse(200, { churches: [{ churchId, currency: 'USD', overrides: {} }] }),
  }));

  it('labels each price in the unit its engine is billed by: the model per million tokens, the others per million characters or per minute', async () => {
    await renderScreen([{ path: '/church', element: <CostPricesCard churchId={churchId} /> }], '/church');
    const table = await screen.findByRole('table', { name: 'Price per engine' });
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(row(/OpenAI.*\(translation\)/).textContent).toContain('0.6 USD per million tokens');
    expect(row(/OpenAI.*\(translation\)/).textContent).not.toContain('characters');
    expect(row(/DeepL/).textContent).toContain('25 USD per million characters');
    expect(row(/Deepgram/).textContent).toContain('USD per minute');
  });
});

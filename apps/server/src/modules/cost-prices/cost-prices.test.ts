import { describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';

const app = useCastApp();
const pricesUrl = (churchId: string) => `/churches/${churchId}/cost-prices`;

describe('the prices behind the cost view', () => {
  it('estimates at list prices in Australian dollars until the church sets its own', async () => {
    const { cast, call } = app;
    const res = await call('GET', '/cost-prices', cast.churchAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ churches: [{ churchId: cast.church.id, currency: 'AUD', overrides: {} }] });
  });

  it('lets the church administrator set a price per engine and the currency, audited; staff and members may not', async () => {
    const { cast, call } = app;
    const body = { currency: 'NZD', overrides: { 'translation:deepl': 30, 'recognition:deepgram': 0.01 } };
    expect((await call('PUT', pricesUrl(cast.church.id), cast.staff.cookie, body)).statusCode).toBe(403);
    expect((await call('PUT', pricesUrl(cast.church.id), cast.member.cookie, body)).statusCode).toBe(403);
    expect((await call('PUT', pricesUrl(cast.church.id), '', body)).statusCode).toBe(401);
    expect((await call('GET', '/cost-prices', cast.staff.cookie)).statusCode).toBe(403);
    const saved = await call('PUT', pricesUrl(cast.church.id), cast.churchAdmin.cookie, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ churchId: cast.church.id, ...body });
    expect((await call('GET', `/cost-prices?churchId=${cast.church.id}`, cast.churchAdmin.cookie)).json().churches).toEqual([{ churchId: cast.church.id, ...body }]);
    const audit = await call('GET', '/audit?q=', cast.churchAdmin.cookie);
    expect(JSON.stringify(audit.json())).toContain('translation:deepl');
  });

  it("answers 404 for another church's prices, and lets a platform admin see and set every church's", async () => {
    const { cast, call } = app;
    const body = { currency: 'AUD', overrides: { 'voice:azure': 20 } };
    expect((await call('PUT', pricesUrl(cast.otherChurch.id), cast.churchAdmin.cookie, body)).statusCode).toBe(404);
    expect((await call('GET', `/cost-prices?churchId=${cast.otherChurch.id}`, cast.churchAdmin.cookie)).statusCode).toBe(404);
    expect((await call('PUT', pricesUrl(cast.otherChurch.id), cast.platformAdmin.cookie, body)).statusCode).toBe(200);
    const all = (await call('GET', '/cost-prices', cast.platformAdmin.cookie)).json().churches as Array<{ churchId: string }>;
    expect(all.map((c) => c.churchId)).toEqual(expect.arrayContaining([cast.church.id, cast.otherChurch.id]));
    expect(all.find((c) => c.churchId === cast.otherChurch.id)).toEqual({ churchId: cast.otherChurch.id, ...body });
  });

  it('refuses an engine it does not know, a negative price and an unknown currency', async () => {
    const { cast, call } = app;
    for (const body of [
      { currency: 'AUD', overrides: { 'translation:babel': 3 } },
      { currency: 'AUD', overrides: { 'translation:deepl': -1 } },
      { currency: 'XYZ', overrides: {} },
    ]) expect((await call('PUT', pricesUrl(cast.church.id), cast.churchAdmin.cookie, body)).statusCode, JSON.stringify(body)).toBe(400);
  });
});

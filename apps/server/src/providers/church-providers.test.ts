import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildChurch } from '../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { MOCK_SPEECH_KEY, MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../../test/mock-azure';
import { churches } from '../db/schema';
import { AppError } from '../lib/errors';
import { SecretBox } from '../lib/crypto';
import { invalidateChurchProviders, providersForChurch } from './church-providers';

let t: TestApp;
let mock: MockAzure;
beforeAll(async () => {
  mock = await startMockAzure();
  t = await createTestApp({ AZURE_TRANSLATOR_ENDPOINT: mock.url, AZURE_SPEECH_HOST: mock.url });
});
afterAll(async () => {
  await t.close();
  await mock.close();
});
beforeEach(() => { mock.reset(); });

const withKeys = () => ({
  speechKeyEnc: t.ctx.secrets.encrypt(MOCK_SPEECH_KEY),
  speechLocation: 'australiaeast',
  translatorKeyEnc: t.ctx.secrets.encrypt(MOCK_TRANSLATOR_KEY),
  translatorLocation: 'australiaeast',
});

describe('providersForChurch', () => {
  it('gives a church with no keys the demo translator and no server speech', async () => {
    const church = await buildChurch(t.ctx.db);
    const p = await providersForChurch(t.ctx, church.id);
    expect(p.translatorKind).toBe('demo');
    expect(p.synthesizer).toBeNull();
    expect(p.tokenIssuer).toBeNull();
    expect((await p.translator.translateTraced('Amen', 'en', ['es'])).byLanguage).toEqual({ es: '[ES demo] Amen' });
    expect(mock.stats.counts.translate).toBe(0);
  });

  it("uses the church's own keys against Azure (here the mock, via the endpoint overrides)", async () => {
    const church = await buildChurch(t.ctx.db, withKeys());
    const p = await providersForChurch(t.ctx, church.id);
    expect(p.translatorKind).toBe('azure');
    expect(p.speechRegion).toBe('australiaeast');
    expect(await p.translator.translateTraced('Amen', 'en', ['es', 'pt'])).toEqual({ byLanguage: { es: '[es] Amen', pt: '[pt] Amen' }, engineOf: { es: 'azure', pt: 'azure' } });
    expect(mock.stats.last('translate')!.headers['ocp-apim-subscription-key']).toBe(MOCK_TRANSLATOR_KEY);
    expect((await p.synthesizer!.speak({ text: 'Amen', locale: 'en-AU', gender: 'female', voiceId: 'en-AU-NatashaNeural' })).length).toBeGreaterThan(0);
    expect((await p.tokenIssuer!.issueToken()).region).toBe('australiaeast');
  });

  it('caches per church, and sees a new key at once after invalidation', async () => {
    const church = await buildChurch(t.ctx.db);
    const first = await providersForChurch(t.ctx, church.id);
    expect(await providersForChurch(t.ctx, church.id)).toBe(first);
    await t.ctx.db.update(churches).set(withKeys()).where(eq(churches.id, church.id));
    expect((await providersForChurch(t.ctx, church.id)).translatorKind).toBe('demo');
    invalidateChurchProviders(t.ctx, church.id);
    expect((await providersForChurch(t.ctx, church.id)).translatorKind).toBe('azure');
  });

  it('keeps the same providers (and cached token) when settings are re-read unchanged', async () => {
    const church = await buildChurch(t.ctx.db, withKeys());
    const first = await providersForChurch(t.ctx, church.id);
    invalidateChurchProviders(t.ctx, church.id);
    expect(await providersForChurch(t.ctx, church.id)).toBe(first);
  });

  it('treats a key it cannot decrypt as unset', async () => {
    const foreign = new SecretBox(Buffer.alloc(32, 7));
    const church = await buildChurch(t.ctx.db, { translatorKeyEnc: foreign.encrypt('x'), speechKeyEnc: foreign.encrypt('y'), speechLocation: 'eastus' });
    const p = await providersForChurch(t.ctx, church.id);
    expect(p.translatorKind).toBe('demo');
    expect(p.tokenIssuer).toBeNull();
  });

  it('answers not found for an unknown church', async () => {
    await expect(providersForChurch(t.ctx, '6d5b8a3e-1111-4c1c-9c1c-111111111111')).rejects.toBeInstanceOf(AppError);
  });
});

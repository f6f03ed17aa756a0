import { describe, expect, it } from 'vitest';
import { engineBody, hasStoredKeyFor, initialEngineValues } from './engine-form-values';

const stored = { slot: 'primary' as const, kind: 'openai' as const, url: 'http://localhost:11434/v1', region: null, model: 'llama3.1:8b', hasKey: true, key: '••••abcd', updatedAt: '2026-11-24T00:00:00Z' };

describe('engine form values', () => {
  it("starts from the stored engine, its key left empty (write-only)", () => {
    expect(initialEngineValues(stored)).toEqual({ kind: 'openai', key: '', region: '', endpoint: '', url: 'http://localhost:11434/v1', model: 'llama3.1:8b', removeKey: false });
    expect(initialEngineValues(undefined).kind).toBe('');
  });

  it("sends only the chosen engine's fields, without an empty key", () => {
    const values = { ...initialEngineValues(stored), region: 'eastus', endpoint: 'x' };
    expect(engineBody(values)).toEqual({ kind: 'openai', url: 'http://localhost:11434/v1', model: 'llama3.1:8b' });
    expect(engineBody({ ...values, kind: 'deepl', key: ' abc:fx ' })).toEqual({ kind: 'deepl', key: 'abc:fx' });
    expect(engineBody({ ...values, kind: 'azure', region: 'AustraliaEast ', endpoint: '' })).toEqual({ kind: 'azure', region: 'australiaeast', endpoint: '' });
    expect(engineBody({ ...values, kind: 'libretranslate', url: 'https://t.church ', removeKey: true })).toEqual({ kind: 'libretranslate', url: 'https://t.church', removeKey: true });
    expect(engineBody({ ...values, kind: '' })).toBeNull();
  });

  it('counts a stored key only for the same engine', () => {
    expect(hasStoredKeyFor(initialEngineValues(stored), stored)).toBe(true);
    expect(hasStoredKeyFor({ ...initialEngineValues(stored), kind: 'deepl' }, stored)).toBe(false);
  });
});

import type { EngineConfigInput, EngineSettings, TranslationEngineKind } from '@app/shared';

/** One engine's form as the inputs hold it (the key is write-only, so it starts empty). */
export interface EngineFormValues {
  kind: TranslationEngineKind | '';
  key: string;
  /** Azure's region. */
  region: string;
  /** Azure's custom endpoint. */
  endpoint: string;
  /** LibreTranslate's or the model server's address. */
  url: string;
  model: string;
  removeKey: boolean;
}

export function initialEngineValues(stored: EngineSettings | undefined): EngineFormValues {
  return {
    kind: stored?.kind ?? '',
    key: '',
    region: stored?.kind === 'azure' ? stored.region ?? '' : '',
    endpoint: stored?.kind === 'azure' ? stored.url ?? '' : '',
    url: stored && (stored.kind === 'libretranslate' || stored.kind === 'openai') ? stored.url ?? '' : '',
    model: stored?.model ?? '',
    removeKey: false,
  };
}

/** The request body for the chosen engine: only its own fields, an empty key left out (keeps the stored one). */
export function engineBody(values: EngineFormValues): EngineConfigInput | null {
  const key = values.key.trim() ? { key: values.key.trim() } : {};
  switch (values.kind) {
    case 'azure':
      return { kind: 'azure', ...key, region: values.region.trim().toLowerCase(), endpoint: values.endpoint.trim() };
    case 'deepl':
    case 'google':
      return { kind: values.kind, ...key };
    case 'libretranslate':
      return { kind: 'libretranslate', url: values.url.trim(), ...key, ...(values.removeKey ? { removeKey: true } : {}) };
    case 'openai':
      return { kind: 'openai', url: values.url.trim(), model: values.model.trim(), ...key, ...(values.removeKey ? { removeKey: true } : {}) };
    default:
      return null;
  }
}

/** Whether a key is stored for the engine chosen now (a key stored for another engine does not count). */
export function hasStoredKeyFor(values: EngineFormValues, stored: EngineSettings | undefined): boolean {
  return !!stored && stored.kind === values.kind && stored.hasKey;
}

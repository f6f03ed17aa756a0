import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineTestResult } from '@app/shared';
import { renderScreen } from '../../../test/render-screen';
import { EngineTestResultView } from './engine-status';

const failed = (kind: NonNullable<EngineTestResult['error']>['kind'], message: string): EngineTestResult => ({
  ok: false,
  kind: 'deepl',
  latencyMs: 40,
  sample: { from: 'en', to: 'pt', text: 'Grace and peace to you.', translation: null },
  error: { kind, status: kind === 'auth' ? 403 : null, message },
  missingLanguages: [],
});

afterEach(cleanup);

describe('Test connection’s answer', () => {
  it('quotes what the engine said when it answered with an error', async () => {
    await renderScreen([{ path: '/', element: <EngineTestResultView result={failed('auth', 'DeepL refused the request: Wrong auth key')} /> }], '/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The key was refused');
    expect(alert.textContent).toContain("Technical detailsDeepL refused the request: Wrong auth key");
  });

  it('does not put words in the mouth of an engine that never answered', async () => {
    await renderScreen([{ path: '/', element: <EngineTestResultView result={failed('unreachable', 'DeepL could not be reached (ENOTFOUND)')} /> }], '/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Technical detailsDeepL could not be reached (ENOTFOUND)');
    expect(alert.textContent).not.toContain("the engine's own words");
  });
});

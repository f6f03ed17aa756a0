import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChurchDetails, VoiceEnginesResponse } from '@app/shared';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubApiEachTest } from '../../../test/stub-fetch';
import { VoiceEnginesCard } from './voice-engines-card';

const churchId = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const church = { id: churchId, canEdit: true } as ChurchDetails;
const base = `/api/v1/churches/${churchId}/voice-engines`;
const stored: VoiceEnginesResponse = {
  engines: [{ slot: 'primary', kind: 'openai', url: 'http://kokoro.harbour.church:8880/v1', model: 'kokoro', hasKey: false, key: null, updatedAt: '2026-11-24T00:00:00Z' }],
  health: [{ slot: 'primary', kind: 'openai', lastOkAt: '2026-11-24T01:00:00Z', lastError: null, lastErrorAt: null, charactersThisWeek: 12_345, failuresThisWeek: 2 }],
};

describe('the voice engines card', { timeout: 20_000 }, () => {
  const { handlers, calls } = stubApiEachTest(() => ({ [`GET ${base}`]: () => jsonResponse(200, { engines: [], health: [] }) }));
  const open = () => renderScreen([{ path: '/church', element: <VoiceEnginesCard church={church} /> }], '/church');
  const choose = async (form: HTMLElement, engine: string) => {
    fireEvent.click(within(form).getByRole('combobox', { name: 'Engine' }));
    fireEvent.click(await screen.findByRole('option', { name: engine, hidden: true }));
  };

  it("tests an OpenAI-compatible speech server with its address, model and key, and says how long the sample lasted", async () => {
    handlers[`POST ${base}/test`] = () => jsonResponse(200, { ok: true, kind: 'openai', latencyMs: 180, seconds: 1.8, error: null });
    await open();
    const first = await screen.findByRole('form', { name: 'First voice engine' });
    expect(screen.getByText('Choose and save a first engine before a second one.')).toBeTruthy();
    await choose(first, 'Speech server (OpenAI-compatible)');
    fireEvent.change(within(first).getByLabelText(/^API base address/), { target: { value: 'http://kokoro.harbour.church:8880/v1' } });
    fireEvent.change(within(first).getByLabelText(/^Model/), { target: { value: 'kokoro' } });
    fireEvent.change(within(first).getByLabelText(/^API key/), { target: { value: 'sk-local' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Test connection' }));
    expect(await within(first).findByText('Spoke in 180 ms')).toBeTruthy();
    expect(within(first).getByText('The sample sentence lasted 1.8 seconds.')).toBeTruthy();
    expect(JSON.parse(String(calls(`POST ${base}/test`)[0]![1]?.body))).toEqual({ kind: 'openai', url: 'http://kokoro.harbour.church:8880/v1', model: 'kokoro', key: 'sk-local', slot: 'primary' });
    expect(calls(`PUT ${base}/primary`)).toHaveLength(0);
  });

  it('says a wrong key in words an administrator understands, the engine\'s own words folded under technical details', async () => {
    handlers[`POST ${base}/test`] = () => jsonResponse(200, { ok: false, kind: 'google', latencyMs: 90, seconds: 0, error: { kind: 'auth', status: 400, message: 'Google Text-to-Speech refused the request: API key not valid. Please pass a valid API key.' } });
    await open();
    const first = await screen.findByRole('form', { name: 'First voice engine' });
    await choose(first, 'Google Cloud Text-to-Speech');
    fireEvent.click(within(first).getByRole('button', { name: 'Test connection' }));
    // Google needs its key: nothing is sent without one.
    expect(await within(first).findByText('This field is required')).toBeTruthy();
    expect(calls(`POST ${base}/test`)).toHaveLength(0);
    fireEvent.change(within(first).getByLabelText(/^API key/), { target: { value: 'AIza-wrong' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Test connection' }));
    const alert = await within(first).findByRole('alert');
    expect(within(alert).getByText('The key was refused')).toBeTruthy();
    expect(within(alert).getByText(/Check that the key was copied whole/)).toBeTruthy();
    expect(within(alert).getByText(/API key not valid/)).toBeTruthy();
  });

  it('tells the administrator when eSpeak NG is not installed on the server, and how to install it', async () => {
    handlers[`POST ${base}/test`] = () => jsonResponse(200, { ok: false, kind: 'espeak', latencyMs: 3, seconds: 0, error: { kind: 'not_installed', status: null, message: 'eSpeak NG is not installed on the server: apt-get install espeak-ng' } });
    await open();
    const first = await screen.findByRole('form', { name: 'First voice engine' });
    await choose(first, 'eSpeak NG (built in, no service)');
    expect(within(first).queryByLabelText(/^API key/)).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Test connection' }));
    const alert = await within(first).findByRole('alert');
    expect(within(alert).getByText('The program is not installed on the server')).toBeTruthy();
    expect(within(alert).getByText(/apt-get install espeak-ng/)).toBeTruthy();
    expect(JSON.parse(String(calls(`POST ${base}/test`)[0]![1]?.body))).toEqual({ kind: 'espeak', slot: 'primary' });
  });

  it('shows a saved engine with its health this week, and offers the second place', async () => {
    handlers[`GET ${base}`] = () => jsonResponse(200, stored);
    await open();
    const first = await screen.findByRole('form', { name: 'First voice engine' });
    expect((within(first).getByLabelText(/^API base address/) as HTMLInputElement).value).toBe('http://kokoro.harbour.church:8880/v1');
    expect(within(first).getByText('This week: 12,345 characters spoken, 2 failures')).toBeTruthy();
    expect(within(first).getByText(/^Last spoke:/)).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Second voice engine' })).toBeTruthy();
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChurchDetails } from '@app/shared';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubApiEachTest } from '../../../test/stub-fetch';
import { RecognitionEnginesCard } from './recognition-engines-card';

const churchId = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const church = { id: churchId, canEdit: true } as ChurchDetails;
const base = `/api/v1/churches/${churchId}/recognition-engines`;

// The recognition card is the voice card's twin (slot-engine-form.tsx): its own kinds, fields and words.
describe('the speech recognition engines card', { timeout: 20_000 }, () => {
  const { handlers, calls } = stubApiEachTest(() => ({ [`GET ${base}`]: () => jsonResponse(200, { engines: [], health: [] }) }));
  const open = () => renderScreen([{ path: '/church', element: <RecognitionEnginesCard church={church} /> }], '/church');

  it('tests Deepgram with its key and says how many glossary words it was sent', async () => {
    handlers[`POST ${base}/test`] = () => jsonResponse(200, { ok: true, kind: 'deepgram', latencyMs: 120, boostedTerms: 42, error: null });
    await open();
    const first = await screen.findByRole('form', { name: 'First speech recognition engine' });
    fireEvent.click(within(first).getByRole('combobox', { name: 'Engine' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Deepgram', hidden: true }));
    expect(within(first).queryByLabelText(/^API base address/)).toBeNull();
    fireEvent.change(within(first).getByLabelText(/^API key/), { target: { value: 'dg-key' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Test connection' }));
    expect(await within(first).findByText('Connected in 120 ms')).toBeTruthy();
    expect(within(first).getByText('42 glossary words sent as boosted words.')).toBeTruthy();
    expect(JSON.parse(String(calls(`POST ${base}/test`)[0]![1]?.body))).toEqual({ kind: 'deepgram', key: 'dg-key', slot: 'primary' });
  });

  it('shows no health for Azure, which listens in the browser', async () => {
    handlers[`GET ${base}`] = () => jsonResponse(200, {
      engines: [{ slot: 'primary', kind: 'azure', url: null, model: null, hasKey: false, key: null, updatedAt: '2026-11-24T00:00:00Z' }],
      health: [{ slot: 'primary', kind: 'azure', lastOkAt: null, lastError: null, lastErrorAt: null, minutesThisWeek: 0, failuresThisWeek: 0 }],
    });
    await open();
    const first = await screen.findByRole('form', { name: 'First speech recognition engine' });
    expect(within(first).getByRole('button', { name: 'Remove engine' })).toBeTruthy();
    expect(within(first).queryByText('Recent health')).toBeNull();
    expect(within(first).queryByLabelText(/^API key/)).toBeNull();
  });

  it('offers Azure on the server with no key of its own (the speech key from Live settings), tests it, and shows its health', async () => {
    handlers[`POST ${base}/test`] = () => jsonResponse(200, { ok: true, kind: 'azure-server', latencyMs: 340, boostedTerms: 7, error: null });
    await open();
    const first = await screen.findByRole('form', { name: 'First speech recognition engine' });
    fireEvent.click(within(first).getByRole('combobox', { name: 'Engine' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Azure Speech (on the server)', hidden: true }));
    expect(within(first).getByText(/with the church's speech key and region from “Speech and translation”/)).toBeTruthy();
    expect(within(first).queryByLabelText(/^API key/)).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Test connection' }));
    expect(await within(first).findByText('Connected in 340 ms')).toBeTruthy();
    expect(JSON.parse(String(calls(`POST ${base}/test`)[0]![1]?.body))).toEqual({ kind: 'azure-server', slot: 'primary' });
  });

  it('shows the health of Azure on the server, which listens on the server', async () => {
    handlers[`GET ${base}`] = () => jsonResponse(200, {
      engines: [{ slot: 'primary', kind: 'azure-server', url: null, model: null, hasKey: false, key: null, updatedAt: '2026-11-24T00:00:00Z' }],
      health: [{ slot: 'primary', kind: 'azure-server', lastOkAt: '2026-11-24T01:00:00Z', lastError: null, lastErrorAt: null, minutesThisWeek: 12.5, failuresThisWeek: 1 }],
    });
    await open();
    const first = await screen.findByRole('form', { name: 'First speech recognition engine' });
    expect(await within(first).findByText('This week: 12.5 minutes heard, 1 failure')).toBeTruthy();
  });
});

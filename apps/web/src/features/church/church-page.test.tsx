import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChurchDetails, ChurchLanguageLists } from '@app/shared';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubApiEachTest } from '../../test/stub-fetch';
import { ChurchPage } from './church-page';

const churchId = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const details = (over: Partial<ChurchDetails> = {}): ChurchDetails => ({
  id: churchId, name: 'Harbour City Church', address: '264 Pitt Street', suburb: 'Sydney', state: 'New South Wales',
  country: 'Australia', contactNumber: '0292675555', pastorName: 'David Mitchell', pastorPhone: '0412345678',
  latitude: null, longitude: null, imageUrl: null, joinCode: 'GRACE', canEdit: true, canSetStreamLimit: false,
  liveSettings: {
    speechLocation: 'australiaeast', hasSpeechKey: true, speechKey: '••••abcd',
    translatorKind: 'demo', failoverKind: null, guestsMayListen: true, timeZone: 'Australia/Sydney',
    weeklyStreamLimitMinutes: 120, minutesUsedThisWeek: 30, minutesLeftThisWeek: 90, weekStartsAt: '2025-11-16T13:00:00.000Z',
  },
  ...over,
});
const spanish = {
  id: '11111111-1111-4111-8111-111111111111', list: 'join_live' as const, code: 'es', name: 'Spanish', locale: 'es-ES', rtl: false,
  isKnown: true, maleVoiceId: 'es-ES-AlvaroNeural', femaleVoiceId: 'es-ES-ElviraNeural',
};
const lists: ChurchLanguageLists = { goLive: [], joinLive: [spanish] };

describe('church live settings', { timeout: 20_000 }, () => {
  const { handlers, calls } = stubApiEachTest(() => ({
    [`GET /api/v1/churches/${churchId}`]: () => jsonResponse(200, details()),
    [`GET /api/v1/churches/${churchId}/languages`]: () => jsonResponse(200, lists),
    [`GET /api/v1/churches/${churchId}/translation-engines`]: () => jsonResponse(200, { engines: [], health: [] }),
    [`GET /api/v1/churches/${churchId}/livestream`]: () => jsonResponse(200, {
      feeds: [], overlay: { style: { languages: ['es'], font: 'sans', size: 48, color: '#ffffff', background: 'box', position: 'bottom' }, url: '/overlay/abcdefghijklmnopqrstuvwxyz012345' },
    }),
    [`GET /api/v1/churches/${churchId}/recognition-engines`]: () => jsonResponse(200, { engines: [], health: [] }),
    [`GET /api/v1/churches/${churchId}/voice-engines`]: () => jsonResponse(200, { engines: [], health: [] }),
  }));

  beforeEach(() => {
    localStorage.setItem('churchId', churchId);
    localStorage.setItem('userType', '2');
  });

  const open = () => renderScreen([{ path: '/church', element: <ChurchPage /> }], '/church');

  it('shows the church, the masked key and the minutes used, without the key itself', async () => {
    await open();
    // A church admin edits the details of their own church (spec section 2).
    expect(((await screen.findByLabelText(/Church name/)) as HTMLInputElement).value).toBe('Harbour City Church');
    expect((screen.getByLabelText(/^Address/) as HTMLInputElement).value).toBe('264 Pitt Street');
    expect(screen.getByText('Stored key: ••••abcd. Leave empty to keep it.')).toBeTruthy();
    expect((screen.getByLabelText('Speech key') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('30 of 120 minutes used this week')).toBeTruthy();
    expect(screen.getByText(/Only a platform administrator can change it/)).toBeTruthy();
    expect(screen.queryByLabelText('Weekly stream limit (minutes)')).toBeNull();
  });

  it('says "No changes detected" for an untouched form, without asking the server', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    // The page is heavier with the livestream cards: room for a slow machine.
    expect(await screen.findByText('No changes detected.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls(`PATCH /api/v1/churches/${churchId}/live-settings`)).toHaveLength(0);
  });

  it('saves only the changed fields', async () => {
    handlers[`PATCH /api/v1/churches/${churchId}/live-settings`] = () =>
      jsonResponse(200, details({ liveSettings: { ...details().liveSettings, guestsMayListen: false } }));
    await open();
    fireEvent.click(await screen.findByRole('switch', { name: /^Guests may listen/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    const [, init] = calls(`PATCH /api/v1/churches/${churchId}/live-settings`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ guestsMayListen: false });
  });

  it('tests a translation engine and shows the translated sample and its latency, saving nothing', async () => {
    handlers[`POST /api/v1/churches/${churchId}/translation-engines/test`] = () => jsonResponse(200, {
      ok: true, kind: 'deepl', latencyMs: 142, error: null, missingLanguages: ['hi'],
      sample: { from: 'en', to: 'es', text: 'Grace and peace to you from God our Father.', translation: 'Gracia y paz a vosotros de Dios nuestro Padre.' },
    });
    await open();
    const first = await screen.findByRole('form', { name: 'First engine' }, { timeout: 5000 });
    fireEvent.click(within(first).getByRole('combobox', { name: 'Engine' }));
    fireEvent.click(await screen.findByRole('option', { name: 'DeepL', hidden: true }));
    fireEvent.change(within(first).getByLabelText(/^API key/), { target: { value: 'deepl-key:fx' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Test connection' }));
    expect(await within(first).findByText('Gracia y paz a vosotros de Dios nuestro Padre.')).toBeTruthy();
    expect(within(first).getByText('Translated in 142 ms')).toBeTruthy();
    expect(within(first).getByText(/Hindi/)).toBeTruthy();
    expect(JSON.parse(String(calls(`POST /api/v1/churches/${churchId}/translation-engines/test`)[0]![1]?.body))).toEqual({ kind: 'deepl', key: 'deepl-key:fx', slot: 'primary' });
    expect(calls(`PUT /api/v1/churches/${churchId}/translation-engines/primary`)).toHaveLength(0);
  });

  it("shows the engine's error when saving fails its test, and saves it untested only when the person confirms", async () => {
    handlers[`PUT /api/v1/churches/${churchId}/translation-engines/primary`] = (init) => JSON.parse(String(init?.body)).saveUntested
      ? jsonResponse(200, { engines: [{ slot: 'primary', kind: 'google', url: null, region: null, model: null, hasKey: true, key: '••••-key', updatedAt: '2026-11-24T00:00:00Z' }], health: [] })
      : jsonResponse(422, { code: 'engine_test_failed', detail: 'Google refused the request: API key not valid. Please pass a valid API key.' });
    await open();
    const first = await screen.findByRole('form', { name: 'First engine' }, { timeout: 5000 });
    fireEvent.click(within(first).getByRole('combobox', { name: 'Engine' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Google Translate', hidden: true }));
    fireEvent.click(within(first).getByRole('button', { name: 'Save engine' }));
    expect(await within(first).findByText('This field is required')).toBeTruthy();
    fireEvent.change(within(first).getByLabelText(/^API key/), { target: { value: 'AIza-wrong-key' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Save engine' }));
    // The dialogs' host loads on the first dialog: a slow machine takes a moment.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText('Google refused the request: API key not valid. Please pass a valid API key.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText(/Saved without a working test/, {}, { timeout: 5000 })).toBeTruthy();
    const bodies = calls(`PUT /api/v1/churches/${churchId}/translation-engines/primary`).map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ kind: 'google', key: 'AIza-wrong-key' }, { kind: 'google', key: 'AIza-wrong-key', saveUntested: true }]);
  });

  it("names a known language in the reader's language when editing it, not as it was stored", async () => {
    handlers[`GET /api/v1/churches/${churchId}/languages`] = () => jsonResponse(200, { goLive: [], joinLive: [{ ...spanish, name: 'Español' }] });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Spanish' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Spanish' })).toBeTruthy();
  });

  it('removes a language only after confirmation, and says so when that fails', async () => {
    handlers[`DELETE /api/v1/churches/${churchId}/languages/${spanish.id}`] = () => jsonResponse(500, { code: 'internal' });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Spanish' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls(`DELETE /api/v1/churches/${churchId}/languages/${spanish.id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove language.')).toBeTruthy();
  });

  it('creates a new language with a name, a code and a voice ID', async () => {
    handlers[`POST /api/v1/churches/${churchId}/languages`] = () =>
      jsonResponse(201, { ...spanish, id: '22222222-2222-4222-8222-222222222222', list: 'go_live', code: 'sw', name: 'Swahili' });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add go-live language' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('New language'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create language' }));
    expect(await within(dialog).findByText('Enter at least one voice ID.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Swahili' } });
    fireEvent.change(within(dialog).getByLabelText(/^Language code/), { target: { value: 'sw' } });
    fireEvent.change(within(dialog).getByLabelText('Female voice ID'), { target: { value: 'sw-KE-ZuriNeural' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create language' }));
    await waitFor(() => expect(calls(`POST /api/v1/churches/${churchId}/languages`)).toHaveLength(1));
    const [, init] = calls(`POST /api/v1/churches/${churchId}/languages`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ list: 'go_live', code: 'sw', name: 'Swahili', femaleVoiceId: 'sw-KE-ZuriNeural' });
    expect(await screen.findByText('Swahili added.')).toBeTruthy();
  });

  it('lists the voices of the chosen voice engine by name: with eSpeak chosen, no Azure voice ids', async () => {
    handlers[`GET /api/v1/churches/${churchId}/voice-engines`] = () => jsonResponse(200, {
      engines: [{ slot: 'primary', kind: 'espeak', url: null, model: null, hasKey: false, key: null, updatedAt: '2025-11-20T00:00:00.000Z' }],
      health: [],
    });
    await open();
    const table = await screen.findByRole('table', { name: 'Join-live languages' });
    await waitFor(() => expect(within(table).getAllByText(/^Spanish, woman's voice$/).length).toBeGreaterThan(0));
    expect(within(table).getAllByText(/^Spanish, man's voice$/).length).toBeGreaterThan(0);
    expect(table.textContent).not.toMatch(/Neural/);
    expect(screen.getAllByText(/Voices of eSpeak NG/).length).toBeGreaterThan(0);
    // Adding a language asks for an eSpeak voice, not an Azure one.
    fireEvent.click(screen.getByRole('button', { name: 'Add join-live language' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Female voice ID').getAttribute('placeholder')).toBe('espeak:pt-br+f3');
    expect(within(dialog).getByText(/A voice of eSpeak NG/)).toBeTruthy();
  });

  it('says "Failed to load languages" when the lists cannot be loaded', async () => {
    handlers[`GET /api/v1/churches/${churchId}/languages`] = () => jsonResponse(500, { code: 'internal' });
    await open();
    expect(await screen.findByText('Failed to load languages.')).toBeTruthy();
  });

  it('lets a platform admin change the weekly limit, and refuses a bad number', async () => {
    handlers[`GET /api/v1/churches/${churchId}`] = () => jsonResponse(200, details({ canSetStreamLimit: true }));
    handlers[`PATCH /api/v1/churches/${churchId}/stream-limit`] = () => jsonResponse(200, details({ canSetStreamLimit: true }));
    await open();
    const input = await screen.findByLabelText('Weekly stream limit (minutes)');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Enter a whole number of minutes from 0 to 10,080.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '240' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(calls(`PATCH /api/v1/churches/${churchId}/stream-limit`)).toHaveLength(1));
    expect(JSON.parse(String(calls(`PATCH /api/v1/churches/${churchId}/stream-limit`)[0]![1]?.body))).toEqual({ weeklyStreamLimitMinutes: 240 });
  });

  it('shows the settings read-only to someone who may not edit them', async () => {
    handlers[`GET /api/v1/churches/${churchId}`] = () =>
      jsonResponse(200, details({ canEdit: false, liveSettings: { ...details().liveSettings, speechKey: null } }));
    await open();
    expect(await screen.findByText('Only church administrators can change these settings.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add go-live language' })).toBeNull();
  });
});

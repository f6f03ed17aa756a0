import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LobbyInfo } from '@app/shared';
import { renderScreen } from '../../../test/render-screen';
import { readListenerPrefs } from '../listener/listener-prefs';
import { LobbyWaiting } from './lobby-waiting';

const info: LobbyInfo = {
  church: { id: '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6', name: 'Harbour City Church', imageUrl: null, timeZone: 'Australia/Sydney', guestsAllowed: true, joinCode: 'HARBOUR' },
  languages: [
    { code: 'pt', name: 'Portuguese', nativeName: 'Português', rtl: false, voices: ['female', 'male'] },
    { code: 'es', name: 'Spanish', nativeName: 'Español', rtl: false, voices: [] },
  ],
  live: null,
  upcoming: [],
  lastEnded: null,
};

const open = (language: string) =>
  renderScreen([{ path: '/lobby', element: <LobbyWaiting info={info} language={language} onLanguage={() => undefined} /> }], '/lobby');

describe('lobby choices', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('offers the female or male voice once the voice is on, and remembers it for the live view', async () => {
    await open('pt');
    expect(screen.queryByRole('radiogroup', { name: 'Voice type' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Read the sermon aloud' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Male' }));
    expect(readListenerPrefs()).toMatchObject({ voiceOn: true, gender: 'male' });
  });

  it('offers no voice choice for a language with no server voices', async () => {
    localStorage.setItem('live.voiceOn', 'true');
    await open('es');
    expect(screen.getByRole('switch', { name: 'Read the sermon aloud' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Voice type' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { ChurchLiveSettings } from '@app/shared';
import { changedLiveSettings, credentialPairErrors, initialLiveSettingsValues } from './live-settings-values';

const settings: ChurchLiveSettings = {
  speechLocation: 'australiaeast', hasSpeechKey: true, speechKey: '••••abcd',
  translatorKind: 'demo', failoverKind: null,
  guestsMayListen: true, timeZone: 'Australia/Sydney', weeklyStreamLimitMinutes: 120, minutesUsedThisWeek: 12.5,
  minutesLeftThisWeek: 107.5, weekStartsAt: '2025-11-16T13:00:00.000Z',
};

describe('live settings form', () => {
  it('starts with empty key inputs: stored keys are never sent back', () => {
    expect(initialLiveSettingsValues(settings)).toMatchObject({ speechKey: '', speechLocation: 'australiaeast' });
  });

  it('sends nothing for an untouched form ("No changes detected")', () => {
    expect(changedLiveSettings(initialLiveSettingsValues(settings), settings)).toEqual({});
  });

  it('sends only what changed, and keeps the stored key when its input is empty', () => {
    const values = { ...initialLiveSettingsValues(settings), guestsMayListen: false, speechKey: ' new-key ', speechLocation: 'EastUS' };
    expect(changedLiveSettings(values, settings)).toEqual({ guestsMayListen: false, speechKey: 'new-key', speechLocation: 'eastus' });
  });

  it('sends a removal without the fields it makes meaningless', () => {
    const values = { ...initialLiveSettingsValues(settings), removeSpeechKey: true, speechLocation: '' };
    expect(changedLiveSettings(values, settings)).toEqual({ removeSpeechKey: true });
  });

  it('asks for a location with a key, and a key with a location', () => {
    expect(credentialPairErrors({ ...initialLiveSettingsValues(settings), speechLocation: '' }, settings)).toEqual({
      speechLocation: 'validation.required',
    });
    const noKey = { ...settings, hasSpeechKey: false, speechKey: null, speechLocation: null };
    expect(credentialPairErrors({ ...initialLiveSettingsValues(noKey), speechLocation: 'westeurope' }, noKey)).toEqual({
      speechKey: 'validation.required',
    });
    expect(credentialPairErrors(initialLiveSettingsValues(settings), settings)).toEqual({});
  });
});

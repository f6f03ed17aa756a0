import type { ChurchLiveSettings, LiveSettingsBody } from '@app/shared';

/** The live-settings form as the inputs hold it (keys are write-only, so they start empty). */
export interface LiveSettingsValues {
  speechKey: string;
  speechLocation: string;
  removeSpeechKey: boolean;
  guestsMayListen: boolean;
  timeZone: string;
}

export function initialLiveSettingsValues(settings: ChurchLiveSettings): LiveSettingsValues {
  return {
    speechKey: '',
    speechLocation: settings.speechLocation ?? '',
    removeSpeechKey: false,
    guestsMayListen: settings.guestsMayListen,
    timeZone: settings.timeZone,
  };
}

const region = (v: string) => v.trim().toLowerCase();

/**
 * Only what the person changed: an empty key keeps the stored one, and an unchanged field is not
 * sent, so an untouched form is "No changes detected" without asking the server.
 */
export function changedLiveSettings(values: LiveSettingsValues, settings: ChurchLiveSettings): LiveSettingsBody {
  const body: LiveSettingsBody = {};
  if (values.removeSpeechKey) body.removeSpeechKey = true;
  else {
    if (values.speechKey.trim()) body.speechKey = values.speechKey.trim();
    if (region(values.speechLocation) !== (settings.speechLocation ?? '')) body.speechLocation = region(values.speechLocation);
  }
  if (values.guestsMayListen !== settings.guestsMayListen) body.guestsMayListen = values.guestsMayListen;
  if (values.timeZone.trim() && values.timeZone !== settings.timeZone) body.timeZone = values.timeZone.trim();
  return body;
}

/**
 * Spec section 5 (as the server applies it): a key needs its location. Returns `validation.*` keys
 * by field, checked only for the pair being edited.
 */
export function credentialPairErrors(values: LiveSettingsValues, settings: ChurchLiveSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  const speechEdited = values.speechKey.trim() !== '' || region(values.speechLocation) !== (settings.speechLocation ?? '');
  if (!values.removeSpeechKey && speechEdited) {
    const hasKey = values.speechKey.trim() !== '' || settings.hasSpeechKey;
    if (hasKey && !region(values.speechLocation)) errors.speechLocation = 'validation.required';
    if (!hasKey && region(values.speechLocation)) errors.speechKey = 'validation.required';
  }
  return errors;
}

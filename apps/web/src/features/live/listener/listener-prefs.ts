import type { VoiceGender } from '@app/shared';

/** Listening choices remembered on the device (the next sermon opens the way the last one was left). */
const keys = {
  language: 'live.language',
  voiceOn: 'live.voiceOn',
  gender: 'live.voiceGender',
  textSize: 'live.textSize',
} as const;

export const TEXT_SIZES = [16, 18, 21, 24, 28, 34, 40] as const;
const DEFAULT_TEXT_SIZE_INDEX = 2;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private browsing with storage disabled: the choice simply is not remembered.
  }
}

export interface ListenerPrefs {
  language: string | null;
  voiceOn: boolean;
  gender: VoiceGender;
  textSizeIndex: number;
}

export function readListenerPrefs(): ListenerPrefs {
  const raw = read(keys.textSize);
  const size = raw === null ? Number.NaN : Number(raw);
  return {
    language: read(keys.language),
    voiceOn: read(keys.voiceOn) === 'true',
    gender: read(keys.gender) === 'male' ? 'male' : 'female',
    textSizeIndex: Number.isInteger(size) && size >= 0 && size < TEXT_SIZES.length ? size : DEFAULT_TEXT_SIZE_INDEX,
  };
}

export function saveListenerPrefs(prefs: Partial<ListenerPrefs>) {
  if (prefs.language) write(keys.language, prefs.language);
  if (prefs.voiceOn !== undefined) write(keys.voiceOn, String(prefs.voiceOn));
  if (prefs.gender) write(keys.gender, prefs.gender);
  if (prefs.textSizeIndex !== undefined) write(keys.textSize, String(prefs.textSizeIndex));
}

/** The interface language's listening code (zh → zh-Hans), for a first visit. */
export function listeningCodeFor(uiLanguage: string): string {
  const base = uiLanguage.split('-')[0] ?? 'en';
  return base === 'zh' ? 'zh-Hans' : base;
}

/** The remembered language if this sermon offers it, else the interface language, else the spoken one. */
export function initialLanguage(offered: readonly string[], remembered: string | null, uiLanguage: string, spoken: string): string {
  if (remembered && offered.includes(remembered)) return remembered;
  const ui = listeningCodeFor(uiLanguage);
  if (offered.includes(ui)) return ui;
  if (offered.includes(spoken)) return spoken;
  return offered[0] ?? spoken;
}

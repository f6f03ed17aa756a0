import { useMemo, useState } from 'react';
import type { SermonByBroadcast, VoiceGender } from '@app/shared';
import { hasDeviceVoice } from './voice/device-voice';
import { initialLanguage, readListenerPrefs, saveListenerPrefs, TEXT_SIZES } from './listener-prefs';
import type { VoicePreference } from './use-live-captions';

/**
 * What the phone asks to hear (decision 039): the church's voice when the language has one (the
 * chosen kind, or the one it has), else the device's own, else nothing; nothing while it is off.
 */
export function voicePreferenceFor(voiceOn: boolean, serverVoices: readonly VoiceGender[], gender: VoiceGender, deviceVoice: boolean): VoicePreference {
  if (!voiceOn) return 'none';
  if (serverVoices.length > 0) return serverVoices.includes(gender) ? gender : serverVoices[0]!;
  return deviceVoice ? 'device' : 'none';
}

/**
 * The listener's choices of language, voice and text size, remembered on the device, with the
 * voice they come to. Each `choose…` answers the voice to ask the server for, or null when the
 * server need not be told.
 */
export function useListenerChoices(info: SermonByBroadcast, interfaceLang: string) {
  const { sermon, languages } = info;
  const stored = useMemo(readListenerPrefs, []);
  const [language, setLanguage] = useState(() => initialLanguage(languages.map((l) => l.code), stored.language, interfaceLang, sermon.sourceLanguage));
  const [voiceOn, setVoiceOn] = useState(stored.voiceOn);
  const [gender, setGender] = useState<VoiceGender>(stored.gender);
  const [sizeIndex, setSizeIndex] = useState(stored.textSizeIndex);
  const deviceVoice = useMemo(() => typeof window !== 'undefined' && hasDeviceVoice(), []);

  const voicesOf = (code: string): VoiceGender[] => (info.hasSpeechKey ? (languages.find((l) => l.code === code)?.voices ?? []) : []);
  const serverVoices = voicesOf(language);
  const voiceMode: 'server' | 'device' | 'none' = serverVoices.length > 0 ? 'server' : deviceVoice ? 'device' : 'none';

  return {
    language,
    voiceOn,
    /** The kind of voice heard: the one chosen, or the one the language has. */
    gender: serverVoices.includes(gender) ? gender : (serverVoices[0] ?? gender),
    sizeIndex,
    serverVoices,
    voiceMode,
    voicePref: voicePreferenceFor(voiceOn, serverVoices, gender, deviceVoice),
    chooseLanguage(code: string | null): VoicePreference | null {
      if (!code || code === language) return null;
      setLanguage(code);
      saveListenerPrefs({ language: code });
      return voicePreferenceFor(voiceOn, voicesOf(code), gender, deviceVoice);
    },
    chooseVoiceOn(on: boolean): VoicePreference {
      setVoiceOn(on);
      saveListenerPrefs({ voiceOn: on });
      return voicePreferenceFor(on, serverVoices, gender, deviceVoice);
    },
    chooseGender(next: VoiceGender): VoicePreference | null {
      setGender(next);
      saveListenerPrefs({ gender: next });
      return voiceOn ? next : null;
    },
    changeSize(delta: number) {
      setSizeIndex((i) => {
        const next = Math.min(TEXT_SIZES.length - 1, Math.max(0, i + delta));
        saveListenerPrefs({ textSizeIndex: next });
        return next;
      });
    },
  };
}

import { useTranslation } from 'react-i18next';
import {
  voiceEngineConfig, voiceEngineKinds, voiceEngineNeedsKey,
  type EngineSlot, type VoiceEngineConfigInput, type VoiceEngineHealth, type VoiceEngineKind, type VoiceEngineSettings,
} from '@app/shared';
import { formattingLocale } from '../../../i18n/interface-language';
import { useRemoveVoiceEngine, useSaveVoiceEngine, useTestVoiceEngine } from '../api/voice-engines';
import { SlotEngineForm, type SlotEngineValues } from './slot-engine-form';

/** Only the chosen engine's own fields; an empty key is left out (keeps the stored one). */
export function voiceBody(v: SlotEngineValues<VoiceEngineKind>): VoiceEngineConfigInput | null {
  const key = v.key.trim() ? { key: v.key.trim() } : {};
  switch (v.kind) {
    case 'openai':
      return { kind: 'openai', url: v.url.trim(), model: v.model.trim(), ...key, ...(v.removeKey ? { removeKey: true } : {}) };
    case 'google':
      return { kind: 'google', ...key };
    case 'espeak':
    case 'azure':
      return { kind: v.kind };
    default:
      return null;
  }
}

interface Props {
  churchId: string;
  slot: EngineSlot;
  stored: VoiceEngineSettings | undefined;
  health: VoiceEngineHealth | undefined;
}

/** One voice engine of a church (decision 040): which engine, its key or address, Test connection, save, remove. */
export function VoiceEngineForm(props: Props) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(formattingLocale(i18n));
  return (
    <SlotEngineForm
      {...props}
      family={{
        ns: 'voiceEngines', kinds: voiceEngineKinds, config: voiceEngineConfig, body: voiceBody,
        needsKey: voiceEngineNeedsKey,
        serverKind: 'openai', fieldless: ['espeak', 'azure'],
        placeholders: { url: 'https://api.openai.com/v1', model: 'tts-1' },
        api: { useSave: useSaveVoiceEngine, useRemove: useRemoveVoiceEngine, useTest: useTestVoiceEngine },
        passed: (result) => ({ title: t('voiceEngines.test.ok', { ms: result.latencyMs }), body: t('voiceEngines.test.seconds', { seconds: result.seconds }) }),
        health: (_stored, health) => ({
          shown: true,
          quiet: !health || (!health.lastOkAt && !health.lastError && health.charactersThisWeek === 0),
          week: t('voiceEngines.health.week', { characters: number.format(health?.charactersThisWeek ?? 0), count: health?.failuresThisWeek ?? 0 }),
        }),
      }}
    />
  );
}

import { useTranslation } from 'react-i18next';
import {
  recognitionEngineConfig, recognitionEngineKinds,
  type EngineSlot, type RecognitionEngineConfigInput, type RecognitionEngineHealth, type RecognitionEngineKind, type RecognitionEngineSettings,
} from '@app/shared';
import { useRemoveRecognitionEngine, useSaveRecognitionEngine, useTestRecognitionEngine } from '../api/recognition-engines';
import { SlotEngineForm, type SlotEngineValues } from './slot-engine-form';

/** Only the chosen engine's own fields; an empty key is left out (keeps the stored one). */
export function recognitionBody(v: SlotEngineValues<RecognitionEngineKind>): RecognitionEngineConfigInput | null {
  const key = v.key.trim() ? { key: v.key.trim() } : {};
  switch (v.kind) {
    case 'deepgram':
    case 'assemblyai':
      return { kind: v.kind, ...key };
    case 'openai-realtime':
      return { kind: v.kind, url: v.url.trim(), model: v.model.trim(), ...key, ...(v.removeKey ? { removeKey: true } : {}) };
    case 'azure-server':
    case 'azure':
      // Both use the church's speech key from Live settings: nothing of their own to send.
      return { kind: v.kind };
    default:
      return null;
  }
}

interface Props {
  churchId: string;
  slot: EngineSlot;
  stored: RecognitionEngineSettings | undefined;
  health: RecognitionEngineHealth | undefined;
}

/** One recognition engine of a church (decision 038): which engine, its key or address, Test connection, save, remove. */
export function RecognitionEngineForm(props: Props) {
  const { t } = useTranslation();
  return (
    <SlotEngineForm
      {...props}
      family={{
        ns: 'recognitionEngines', kinds: recognitionEngineKinds, config: recognitionEngineConfig, body: recognitionBody,
        needsKey: (kind) => kind === 'deepgram' || kind === 'assemblyai',
        serverKind: 'openai-realtime', fieldless: ['azure', 'azure-server'],
        placeholders: { url: 'https://api.openai.com/v1', model: 'gpt-4o-transcribe' },
        api: { useSave: useSaveRecognitionEngine, useRemove: useRemoveRecognitionEngine, useTest: useTestRecognitionEngine },
        passed: (result) => ({ title: t('recognitionEngines.test.ok', { ms: result.latencyMs }), body: t('recognitionEngines.test.terms', { count: result.boostedTerms }) }),
        health: (stored, health) => ({
          shown: stored.kind !== 'azure',
          quiet: !health || (!health.lastOkAt && !health.lastError && health.minutesThisWeek === 0),
          week: t('recognitionEngines.health.week', { minutes: health?.minutesThisWeek ?? 0, count: health?.failuresThisWeek ?? 0 }),
        }),
      }}
    />
  );
}

import type { SaveVoiceEngineBody, TestVoiceEngineBody, VoiceEnginesResponse, VoiceTestResult } from '@app/shared';
import { slotEngineApi } from './slot-engines';

/** A church's voice engines (decision 040): first and second, Test connection, health. */
const voice = slotEngineApi<VoiceEnginesResponse, SaveVoiceEngineBody, TestVoiceEngineBody, VoiceTestResult>('voice-engines');

export const voiceEnginesQueryKey = voice.queryKey;
export const useVoiceEngines = voice.useEngines;
export const useSaveVoiceEngine = voice.useSave;
export const useRemoveVoiceEngine = voice.useRemove;
export const useTestVoiceEngine = voice.useTest;

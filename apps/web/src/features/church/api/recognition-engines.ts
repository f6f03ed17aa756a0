import type { RecognitionEnginesResponse, RecognitionTestResult, SaveRecognitionEngineBody, TestRecognitionEngineBody } from '@app/shared';
import { slotEngineApi } from './slot-engines';

/** A church's speech recognition engines (decision 038), as its translation engines (decision 033). */
const recognition = slotEngineApi<RecognitionEnginesResponse, SaveRecognitionEngineBody, TestRecognitionEngineBody, RecognitionTestResult>('recognition-engines');

export const recognitionEnginesQueryKey = recognition.queryKey;
export const useRecognitionEngines = recognition.useEngines;
export const useSaveRecognitionEngine = recognition.useSave;
export const useRemoveRecognitionEngine = recognition.useRemove;
export const useTestRecognitionEngine = recognition.useTest;

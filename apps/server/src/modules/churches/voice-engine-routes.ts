import type { FastifyInstance } from 'fastify';
import { saveVoiceEngineBody, testVoiceEngineBody, voiceEnginesResponse, voiceTestResult } from '@app/shared';
import type { AppContext } from '../../context';
import { slotEngineRoutes } from './slot-engine-routes';
import { getVoiceEngines, removeVoiceEngine, saveVoiceEngine, testVoiceSettings } from './voice-engine-service';

/** A church's voice engines (decision 040), as its recognition engines (decision 038). */
export async function voiceEngineRoutes(app: FastifyInstance, ctx: AppContext) {
  slotEngineRoutes(app, ctx, {
    segment: 'voice-engines', what: 'voice',
    testSummary: 'Test connection: say a sample sentence with these (unsaved) settings',
    schemas: { response: voiceEnginesResponse, save: saveVoiceEngineBody, test: testVoiceEngineBody, testResult: voiceTestResult },
    service: { get: getVoiceEngines, save: saveVoiceEngine, remove: removeVoiceEngine, test: testVoiceSettings },
  });
}

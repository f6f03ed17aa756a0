export { startMockDeepL, MOCK_DEEPL_KEY, DEEPL_TARGETS, type MockDeepL } from './mock-deepl';
export { startMockGoogle, MOCK_GOOGLE_KEY, GOOGLE_LANGUAGES } from './mock-google';
export { startMockLibreTranslate, MOCK_LIBRE_KEY, LIBRE_LANGUAGES } from './mock-libretranslate';
export { startMockOpenAI, MOCK_OPENAI_KEY, MOCK_OPENAI_MODEL, type MockOpenAI, type ScriptedAnswer } from './mock-openai';
export { type Loopback, type RecordedRequest, type ForcedFailure } from './loopback';
export { startMockDeepgram, startMockAssemblyAI, startMockOpenAIRealtime, MOCK_DEEPGRAM_KEY, MOCK_ASSEMBLYAI_KEY, MOCK_OPENAI_REALTIME_KEY } from './mock-speech-engines';
export { type MockSpeechEngine } from './speech-loopback';
export { encodedSpeech, scriptWords, WORD_BASE } from './speech-script';
export { startMockOpenAISpeech, startMockGoogleTts, MOCK_OPENAI_SPEECH_KEY, MOCK_GOOGLE_TTS_KEY } from './mock-voices';

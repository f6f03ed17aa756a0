export {
  startMockAzure,
  silentMp3Frame,
  MOCK_SPEECH_KEY,
  MOCK_TRANSLATOR_KEY,
  type ForcedFailure,
  type MockAzure,
  type MockAzureOptions,
  type MockAzureStats,
  type MockEndpoint,
  type MockRequest,
} from './mock-azure';
export { translateWords, type UnsettledEnding } from './word-translation';

// The voice an engine speaks with is chosen in shared (decision 040), so that Manage Church shows
// the same voice the server will use.
export { voiceFor, type VoiceGender } from '@app/shared';

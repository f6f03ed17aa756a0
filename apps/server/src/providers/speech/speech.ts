import type { EngineSlot, VoiceEngineKind } from '@app/shared';
import type { VoiceGender } from './voice-choice';

/** One voice engine: text to speech in the voice it is given. */
export interface SpeechSynthesizer {
  /** @returns MP3 audio */
  synthesize(text: string, locale: string, voiceId: string): Promise<Buffer>;
}

/** What the listeners' voice asks for: the language's voice of that gender as the church set it. */
export interface VoiceRequest {
  text: string;
  locale: string;
  gender: VoiceGender;
  /** The church's voice for the language and gender (an Azure name, or another engine's). */
  voiceId: string | null;
  /** The sermon whose voice this is, for the cost view; none for a test. */
  sermonId?: string;
}

/** A church's voice: its engines behind one call, the second taking over when the first fails. */
export interface ChurchVoice {
  speak(request: VoiceRequest): Promise<Buffer>;
  /** The engines, first then second. */
  readonly engines: ReadonlyArray<{ slot: EngineSlot; kind: VoiceEngineKind }>;
}

/** Short-lived Azure Speech token for the speaker's browser; the key never leaves the server. */
export interface SpeechTokenIssuer {
  issueToken(): Promise<{ token: string; region: string; expiresAt: Date }>;
}

/** Text to speech; one call per (segment, language, voice) that some listener wants. */
export interface SpeechSynthesizer {
  /** @returns MP3 audio */
  synthesize(text: string, locale: string, voiceId: string): Promise<Buffer>;
}

/** Short-lived Azure Speech token for the speaker's browser; the key never leaves the server. */
export interface SpeechTokenIssuer {
  issueToken(): Promise<{ token: string; region: string; expiresAt: Date }>;
}

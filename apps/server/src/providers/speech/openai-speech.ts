import type { SpeechSynthesizer } from './speech';
import { callSpeechEngine, type SpeechHttpOptions } from './speech-http';

export interface OpenAISpeechOptions extends SpeechHttpOptions {
  /** The API's base: https://api.openai.com, or a Kokoro or Piper server's own address (with or without /v1). */
  url: string;
  model: string | null;
  key: string | null;
  /** OPENAI_SPEECH_URL: replaces the address (tests: a loopback server). */
  baseUrlOverride?: string;
}

/** The model when the church names none: OpenAI's own; Kokoro-FastAPI and openedai-speech accept it too. */
export const DEFAULT_SPEECH_MODEL = 'tts-1';

/** `/v1/audio/speech` (OpenAI's API, which Kokoro and Piper servers also speak); returns MP3 bytes. */
export class OpenAISpeechSynthesizer implements SpeechSynthesizer {
  private readonly url: string;

  constructor(private readonly opts: OpenAISpeechOptions) {
    const base = (opts.baseUrlOverride ?? opts.url).trim().replace(/\/+$/, '').replace(/\/v1$/, '');
    this.url = `${base}/v1/audio/speech`;
  }

  synthesize(text: string, _locale: string, voiceId: string): Promise<Buffer> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.opts.key) headers.Authorization = `Bearer ${this.opts.key}`;
    // Always normal speed: the voice's pacing speeds it up by what waits behind it (decision 039).
    const body = JSON.stringify({ model: this.opts.model || DEFAULT_SPEECH_MODEL, input: text, voice: voiceId, response_format: 'mp3', speed: 1 });
    return callSpeechEngine('The speech server', this.url, () => ({ method: 'POST', headers, body }), this.opts);
  }
}

import type { SpeechSynthesizer } from './speech';
import { SpeechError } from './speech-error';
import { callSpeechEngine, type SpeechHttpOptions } from './speech-http';

export interface GoogleTtsOptions extends SpeechHttpOptions {
  key: string;
  /** GOOGLE_TTS_URL: replaces https://texttospeech.googleapis.com (tests: a loopback server). */
  baseUrlOverride?: string;
}

/** Google Cloud Text-to-Speech (v1) with an API key; returns MP3 bytes. */
export class GoogleSpeechSynthesizer implements SpeechSynthesizer {
  private readonly url: string;

  constructor(private readonly opts: GoogleTtsOptions) {
    const base = (opts.baseUrlOverride ?? 'https://texttospeech.googleapis.com').replace(/\/+$/, '');
    this.url = `${base}/v1/text:synthesize?key=${encodeURIComponent(opts.key)}`;
  }

  async synthesize(text: string, _locale: string, voiceId: string): Promise<Buffer> {
    // The voice's name starts with its language (`pt-BR-Standard-A` → `pt-BR`), which Google wants as well.
    const languageCode = /^[a-z]{2,3}-[A-Z]{2}/.exec(voiceId)?.[0] ?? voiceId;
    const body = JSON.stringify({ input: { text }, voice: { languageCode, name: voiceId }, audioConfig: { audioEncoding: 'MP3', speakingRate: 1 } });
    // Google answers a wrong key with 400 INVALID_ARGUMENT: it is still a key the person must fix.
    const answer = await callSpeechEngine('Google Text-to-Speech', this.url, () => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body }), this.opts,
      (raw, status) => (status === 400 && /API key not valid/i.test(raw) ? 'auth' : undefined));
    let audio: unknown;
    try {
      audio = (JSON.parse(answer.toString('utf8')) as { audioContent?: unknown }).audioContent;
    } catch {
      audio = undefined;
    }
    if (typeof audio !== 'string' || audio.length === 0) throw new SpeechError('Google Text-to-Speech answered without audio', 200, 'bad_answer');
    return Buffer.from(audio, 'base64');
  }
}

import type { SpeechSynthesizer } from './speech';
import { callSpeechEngine, type SpeechHttpOptions } from './speech-http';

export const TTS_OUTPUT_FORMAT = 'audio-24khz-48kbitrate-mono-mp3';
const TTS_PATH = '/cognitiveservices/v1';
const USER_AGENT = 'SermonTranslate';

export interface AzureTtsOptions extends SpeechHttpOptions {
  key: string;
  region: string;
  /** AZURE_SPEECH_HOST: replaces `https://{region}.tts.speech.microsoft.com` (tests: the mock). */
  hostOverride?: string;
}

/** XML-escapes text and attribute values for SSML. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** The SSML Azure expects: the language on <speak>, the voice by name, the text escaped. */
export function buildSsml(text: string, locale: string, voiceId: string): string {
  return (
    `<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='${escapeXml(locale)}'>` +
    `<voice name='${escapeXml(voiceId)}'>${escapeXml(text)}</voice></speak>`
  );
}

export function speechBaseUrl(kind: 'tts' | 'api', region: string, hostOverride?: string): string {
  if (hostOverride) return hostOverride.replace(/\/+$/, '');
  return kind === 'tts' ? `https://${region}.tts.speech.microsoft.com` : `https://${region}.api.cognitive.microsoft.com`;
}

/** Azure text to speech over REST with the church's key and region; returns MP3 bytes. */
export class AzureSpeechSynthesizer implements SpeechSynthesizer {
  private readonly url: string;

  constructor(private readonly opts: AzureTtsOptions) {
    this.url = `${speechBaseUrl('tts', opts.region, opts.hostOverride)}${TTS_PATH}`;
  }

  synthesize(text: string, locale: string, voiceId: string): Promise<Buffer> {
    const body = buildSsml(text, locale, voiceId);
    const headers = {
      'Ocp-Apim-Subscription-Key': this.opts.key,
      'Content-Type': 'application/ssml+xml',
      'X-Microsoft-OutputFormat': TTS_OUTPUT_FORMAT,
      'User-Agent': USER_AGENT,
    };
    return callSpeechEngine('Azure text to speech', this.url, () => ({ method: 'POST', headers, body }), this.opts);
  }
}

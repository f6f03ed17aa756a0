import type { EngineSlot, VoiceEngineKind } from '@app/shared';
import type { ChurchVoice, SpeechSynthesizer, VoiceRequest } from './speech';
import { SpeechError } from './speech-error';
import { voiceFor } from './voice-choice';
import { engineOrder } from './voice-failover';

export interface VoiceEngine {
  slot: EngineSlot;
  kind: VoiceEngineKind;
  synthesizer: SpeechSynthesizer;
}

/** Where a church's voice reports what it spent and how its engines did (voice-usage.ts writes them). */
export interface VoiceReport {
  spoke(engine: VoiceEngine, request: VoiceRequest): void;
  failed(engine: VoiceEngine, request: VoiceRequest, error: SpeechError): void;
}

/**
 * A church's voice engines behind one call (decision 040): each piece goes to the first engine in
 * `engineOrder`, and to the next when it fails, each engine in its own voice for the language and
 * gender. Whatever engine speaks, the MP3 it returns enters the one voice stream and its pacing.
 */
export class EngineVoice implements ChurchVoice {
  private readonly failedAt: Array<number | null>;

  constructor(private readonly list: VoiceEngine[], private readonly report: VoiceReport, private readonly now: () => number = Date.now) {
    this.failedAt = list.map(() => null);
  }

  get engines() {
    return this.list.map((e) => ({ slot: e.slot, kind: e.kind }));
  }

  async speak(request: VoiceRequest): Promise<Buffer> {
    let last: SpeechError | null = null;
    for (const i of engineOrder(this.failedAt, this.now())) {
      const engine = this.list[i]!;
      try {
        const audio = await engine.synthesizer.synthesize(request.text, request.locale, voiceFor(engine.kind, request.locale, request.gender, request.voiceId));
        this.failedAt[i] = null;
        this.report.spoke(engine, request);
        return audio;
      } catch (err) {
        last = err instanceof SpeechError ? err : new SpeechError(err instanceof Error ? err.message : String(err), undefined, 'server');
        this.failedAt[i] = this.now();
        this.report.failed(engine, request, last);
      }
    }
    throw last ?? new SpeechError('The church has no voice engine', undefined, 'refused');
  }
}

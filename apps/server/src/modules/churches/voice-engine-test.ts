import type { VoiceTestResult } from '@app/shared';
import type { AppContext } from '../../context';
import { loadJoinLanguages } from '../../live/rooms/join-languages';
import { naturalVoice } from '../../lib/audio/voice-audio';
import { STREAM_SAMPLE_RATE } from '../../lib/audio/mp3-frames';
import { SpeechError } from '../../providers/speech/speech-error';
import { voiceFor } from '../../providers/speech/voice-choice';
import { buildVoiceEngine, type AzureSpeech, type VoiceSpec } from '../../providers/speech/voice-engines';

/** The sentence Test connection says: short, plain, a church's. */
export const VOICE_SAMPLE = 'Grace and peace to you.';
/** A test waits a little longer than a live piece may (a self-hosted server may be waking up). */
const TEST_BUDGET_MS = 8000;

/**
 * Test connection for a voice engine (decision 040): it says the sample sentence with the church's
 * first listening language's female voice as this engine would choose it, and the audio is decoded
 * as the voice stream would (so an engine that answers with something that is not audio fails
 * here, not in a sermon). Nothing is saved or counted.
 */
export async function testVoice(ctx: AppContext, churchId: string, spec: VoiceSpec, azure: AzureSpeech | null): Promise<VoiceTestResult> {
  const [language] = await loadJoinLanguages(ctx.db, churchId, 'en');
  const locale = language?.locale ?? 'en-AU';
  const started = performance.now();
  try {
    const engine = buildVoiceEngine(ctx, spec, azure, { retryBudgetMs: TEST_BUDGET_MS });
    if (!engine) throw new SpeechError('This engine needs a key', undefined, 'auth');
    const audio = await engine.synthesize(VOICE_SAMPLE, locale, voiceFor(spec.kind, locale, 'female', language?.femaleVoiceId ?? null));
    const latencyMs = Math.round(performance.now() - started);
    let seconds: number;
    try {
      seconds = (await naturalVoice(audio)).length / STREAM_SAMPLE_RATE;
    } catch (err) {
      throw new SpeechError(`The engine answered with something that is not audio (${err instanceof Error ? err.message : String(err)})`, 200, 'bad_answer');
    }
    return { ok: true, kind: spec.kind, latencyMs, seconds: Math.round(seconds * 10) / 10, error: null };
  } catch (err) {
    const e = err instanceof SpeechError ? err : new SpeechError(err instanceof Error ? err.message : String(err), undefined, 'unreachable');
    return { ok: false, kind: spec.kind, latencyMs: Math.round(performance.now() - started), seconds: 0, error: { kind: e.kind, status: e.status ?? null, message: e.message } };
  }
}

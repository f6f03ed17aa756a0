import type { RecognitionTestResult } from '@app/shared';
import { RECOGNITION_SAMPLE_RATE } from '@app/shared';
import type { AppContext } from '../../context';
import { buildRecognizer, type RecognitionSpec } from '../../providers/recognition/engines';
import { recognitionTerms } from '../../providers/recognition/glossary-terms';
import { RecognitionError } from '../../providers/recognition/recognizer';
import { plainError } from '../../lib/outbound/plain-words';

/** A test waits a little longer than a live stream would (a self-hosted server may be waking up). */
const TEST_BUDGET_MS = 8000;
/** After opening, the stream is fed this much silence: an engine that refuses the audio or the words says so now. */
const LISTEN_MS = 600;

/**
 * Test connection for a recognition engine (decision 038): opens a stream with the church's boosted
 * words, sends a little silence, closes it as the engine asks. Nothing is saved; a wrong key or an
 * unreachable engine comes back as an error kind the screen says in the person's language.
 */
export async function testRecognition(ctx: AppContext, churchId: string, spec: RecognitionSpec): Promise<RecognitionTestResult> {
  const started = performance.now();
  const terms = await recognitionTerms(ctx.db, churchId, 'en');
  let failure: RecognitionError | null = null;
  try {
    const stream = await buildRecognizer(ctx, spec).open({
      language: 'en', terms, connectTimeoutMs: TEST_BUDGET_MS,
      handlers: { onResult: () => undefined, onFailure: (err) => (failure ??= err) },
    });
    const latencyMs = Math.round(performance.now() - started);
    const silence = Buffer.alloc((RECOGNITION_SAMPLE_RATE * 2) / 10);
    for (let i = 0; i < LISTEN_MS / 100; i++) stream.send(silence);
    await new Promise((resolve) => setTimeout(resolve, LISTEN_MS));
    await stream.finish();
    if (failure) throw failure;
    return { ok: true, kind: spec.kind, latencyMs, boostedTerms: stream.termsSent, error: null };
  } catch (err) {
    const e = err instanceof RecognitionError ? err : new RecognitionError(err instanceof Error ? err.message : String(err), undefined, 'unreachable');
    // The server's words for what happened, never the engine's reply (decision 041).
    return { ok: false, kind: spec.kind, latencyMs: Math.round(performance.now() - started), boostedTerms: 0, error: plainError(e.kind, e.status) };
  }
}

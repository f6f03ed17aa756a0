/**
 * The speech bench's church engines (bench/speech.ts): Deepgram first and AssemblyAI second, their
 * keys the loopback servers'. Run by bench/live-server.ts when BENCH_RECOGNITION is set.
 */
import type { AppContext } from '../apps/server/src/context';
import { storeRecognitionEngine } from '../apps/server/src/providers/recognition/engine-store';
import { MOCK_ASSEMBLYAI_KEY, MOCK_DEEPGRAM_KEY } from '../apps/server/test/mock-engines';

export async function seedRecognitionEngines(ctx: AppContext, churchId: string): Promise<void> {
  await storeRecognitionEngine(ctx.db, churchId, 'primary', { kind: 'deepgram', url: null, model: null, keyEnc: ctx.secrets.encrypt(MOCK_DEEPGRAM_KEY) });
  await storeRecognitionEngine(ctx.db, churchId, 'failover', { kind: 'assemblyai', url: null, model: null, keyEnc: ctx.secrets.encrypt(MOCK_ASSEMBLYAI_KEY) });
}

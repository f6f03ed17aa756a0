import { describe, expect, it, vi } from 'vitest';
import type { SegmentInLanguage } from './captions';

const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./captions', async (original) => ({
  ...(await original<typeof import('./captions')>()),
  // The stored transcript, answered a moment later as a database would.
  storedSegments: async (_db: unknown, _sermonId: string, _language: string, afterSeq: number): Promise<SegmentInLanguage[]> => {
    reads.count++;
    await new Promise((r) => setTimeout(r, 20));
    return [1, 2, 3].filter((seq) => seq > afterSeq).map((seq) => ({ id: `s${seq}`, seq, text: `line ${seq}` }));
  },
}));

const { CaptionPipeline } = await import('./caption-pipeline');

function pipeline() {
  return new CaptionPipeline({
    ctx: {} as never,
    log: {} as never,
    writer: { flush: async () => undefined } as never,
    tts: { has: () => false } as never,
    maxOnDemandTranslations: 0,
    room: () => undefined,
    memoryIsCurrent: () => false,
    emit: () => undefined,
  });
}

// Decision 028: the listeners of a process that died arrive together on another one.
describe('catch-up reads of the stored transcript', () => {
  it('answers every listener asking for the same lines at once with one read, and reads again afterwards', async () => {
    const captions = pipeline();
    const ask = (afterSeq: number) => captions.captionsFor('sermon-1', 'en', afterSeq, { churchId: 'church-1', sourceLanguage: 'en' });
    reads.count = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => ask(1)));
    expect(reads.count).toBe(1);
    for (const a of answers) expect(a.map((c) => c.seq)).toEqual([2, 3]);

    // Another last seq is another read; once answered, nothing is kept.
    await Promise.all([ask(0), ask(0), ask(2)]);
    expect(reads.count).toBe(3);
    await ask(1);
    expect(reads.count).toBe(4);
  });
});

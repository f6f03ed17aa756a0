import { describe, expect, it } from 'vitest';
import { liveEvents, type Caption, type SegmentAck, type Sermon, type VoicePiece } from '@app/shared';
import { azureChurchLive } from '../../../test/helpers/azure-church-live';
import { eventually, ok, request, settle, type ClientSocket } from '../../../test/helpers/live-kit';
import { normaliseUnit } from './word-units';

/**
 * The tentative tail through real sockets (decision 058), against the mock translator in its
 * word-by-word mode with an ending that is already settled: phones are shown the newest words as a
 * tail, the voice says committed words only.
 */
const { live } = azureChurchLive({ translation: 'words', unsettledEnding: 'none' });

const words = (text: string) => text.split(/\s+/).filter(Boolean).map(normaliseUnit);
const RUN_ON = 'good morning church and welcome to the house of god today we open the word together and we ask the lord to speak to our hearts this morning and every day of the week friends the same lord is with you in the storm of your life today';

async function sayWords(sp: ClientSocket, sermon: Sermon, sentence: string, gapMs = 120) {
  const said = sentence.split(' ');
  for (let n = 1; n <= said.length; n++) {
    sp.emit(liveEvents.segment, { sermonId: sermon.id, seq: 1, text: said.slice(0, n).join(' '), final: false }, () => undefined);
    await new Promise((r) => setTimeout(r, gapMs));
  }
}

describe('a tentative tail on a listener\'s phone', () => {
  it('shows the newest words as a tail that only ever grows into the final, and voices committed words only', { timeout: 30_000 }, async () => {
    const sermon = await live.goLive();
    const sp = await live.speaker(sermon);
    const pt = await live.listener(sermon, 'pt', { voice: 'female' });
    // Captions and voice pieces in the order the phone got them.
    const got: Array<{ caption?: Caption; piece?: VoicePiece }> = [];
    pt.socket.on(liveEvents.caption, (caption: Caption) => got.push({ caption }));
    pt.socket.on(liveEvents.voicePiece, (piece: VoicePiece) => got.push({ piece }));

    await sayWords(sp, sermon, RUN_ON);
    ok(await request<SegmentAck>(sp, liveEvents.segment, { sermonId: sermon.id, seq: 1, text: `${RUN_ON}.`, final: true }));
    await eventually(() => expect(got.some((g) => g.caption?.final)).toBe(true));
    await settle(300);
    const final = words(got.find((g) => g.caption?.final)!.caption!.text);

    const partials = got.flatMap((g) => (g.caption && !g.caption.final ? [g.caption] : []));
    expect(partials.filter((c) => c.tentative).length).toBeGreaterThan(2);
    // What the phone shows, committed words and tail, is a beginning of the final: nothing taken back.
    for (const c of partials) {
      const shown = words(c.text + (c.tentative ?? ''));
      expect(shown).toEqual(final.slice(0, shown.length));
    }
    // Each voice piece says words already committed on the phone when it came, never the tail's.
    let committed: string[] = [];
    let said: string[] = [];
    for (const g of got) {
      if (g.caption) committed = words(g.caption.text);
      if (g.piece) {
        said = [...said, ...words(g.piece.text)];
        expect(committed.slice(0, said.length)).toEqual(said);
      }
    }
    expect(said).toEqual(final);
  });
});

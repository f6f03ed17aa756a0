import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, type Caption, type ListenerJoinAck, type PreparedText, type SegmentAck, type Sermon } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import { addChurchLanguages, connectLive, eventually, listen, ok, record, request, useAzureKeys, type ClientSocket } from '../../../test/helpers/live-kit';

let mock: MockAzure;
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
const open: ClientSocket[] = [];

beforeAll(async () => {
  mock = await startMockAzure();
  t = await createTestApp({ AZURE_TRANSLATOR_ENDPOINT: mock.url });
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id);
  await useAzureKeys(t.ctx, cast.church.id, { translatorKey: MOCK_TRANSLATOR_KEY });
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await t.close();
  await mock.close();
});

async function client(cookie?: string) {
  const s = await connectLive(url, cookie);
  open.push(s);
  return s;
}

describe('prepared text during a live sermon (decision 026)', () => {
  it('sends five paragraphs by taps to listeners from stored translations with no translator request, mixed with a typed line', async () => {
    const prepared = (await t.app.inject({
      method: 'POST', url: `/api/v1/churches/${cast.church.id}/prepared-texts`, headers: { cookie: cast.staff.cookie },
      payload: { title: 'Reading', text: 'In the beginning.\n\nJohn 15 verse 1.\n\nGrace to you.\n\nThe Lord is my shepherd.\n\nAmen.' },
    })).json() as PreparedText;
    expect(prepared.paragraphs).toHaveLength(5);

    const sermon = (await t.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie: cast.staff.cookie }, payload: { churchId: cast.church.id, sourceLanguage: 'en' } })).json() as Sermon;
    const speaker = await client(cast.staff.cookie);
    ok(await request(speaker, liveEvents.speakerJoin, { sermonId: sermon.id }));
    const listeners = await Promise.all(['es', 'pt', 'en'].map(async (language) => {
      const s = await client();
      const captions = record<Caption>(s, liveEvents.caption);
      ok(await request<ListenerJoinAck>(s, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language, voice: 'none', lastSeq: 0 }));
      return { language, captions };
    }));
    mock.reset();

    let seq = 1;
    for (const p of prepared.paragraphs) {
      // The text sent is ignored: the server sends the paragraph as stored.
      const ack = ok(await request<SegmentAck>(speaker, liveEvents.segment, { sermonId: sermon.id, seq, text: '…', final: true, clientId: `prepared-${p.id}`, preparedParagraphId: p.id }));
      expect(ack.seq).toBe(seq++);
    }
    const [es, pt, en] = listeners;
    await eventually(() => {
      expect(es!.captions.map((c) => c.text)).toEqual(prepared.paragraphs.map((p) => p.translations.es));
      expect(pt!.captions.map((c) => c.text)).toEqual(prepared.paragraphs.map((p) => p.translations.pt));
      expect(en!.captions.filter((c) => c.final).map((c) => c.text)).toEqual(prepared.paragraphs.map((p) => p.text));
    });
    expect(pt!.captions[1]!.text).toBe('[pt] João 15 VERSE 1.');
    expect(mock.stats.counts.translate).toBe(0);

    // A typed line between prepared paragraphs is translated as usual.
    ok(await request<SegmentAck>(speaker, liveEvents.segment, { sermonId: sermon.id, seq, text: 'Let us pray.', final: true, clientId: 'typed-line-0001' }));
    await eventually(() => expect(es!.captions.at(-1)!.text).toBe('[es] Let us pray.'));
    expect(mock.stats.counts.translate).toBe(1);

    const transcript = (await t.app.inject({ method: 'GET', url: `/api/v1/sermons/${sermon.id}/transcript?lang=es`, headers: { cookie: cast.staff.cookie } })).json();
    expect(transcript.captions.map((c: Caption) => c.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses a paragraph of another church', async () => {
    const other = (await t.app.inject({
      method: 'POST', url: `/api/v1/churches/${cast.otherChurch.id}/prepared-texts`, headers: { cookie: cast.otherStaff.cookie }, payload: { title: 'Theirs', text: 'Not yours.' },
    })).json() as PreparedText;
    const sermon = (await t.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie: cast.churchAdmin.cookie }, payload: { churchId: cast.church.id, sourceLanguage: 'en' } })).json() as Sermon;
    const speaker = await client(cast.churchAdmin.cookie);
    ok(await request(speaker, liveEvents.speakerJoin, { sermonId: sermon.id }));
    const ack = await request<SegmentAck>(speaker, liveEvents.segment, { sermonId: sermon.id, seq: 1, text: 'x', final: true, preparedParagraphId: other.paragraphs[0]!.id });
    expect(ack.ok).toBe(false);
  });
});

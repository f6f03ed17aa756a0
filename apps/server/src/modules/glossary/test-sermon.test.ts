import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCast } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import { translateForLanguages } from '../../live/captions/translate';
import { useAzureKeys } from '../../../test/helpers/live-kit';
import { correctHeardLine } from './church-glossary';
import { bibleBooks, coreTerms, starterLanguages, type StarterLanguage } from './starter-glossary';

/**
 * The test sermon of decision 025: twenty lines full of names and book references, translated into
 * all seven languages by the demo translator and through Azure's wire format, where every glossary
 * term must come out as specified.
 */
type Names = Record<StarterLanguage, string>;
const everywhere = (term: string) => Object.fromEntries(starterLanguages.map((l) => [l, term])) as Names;
const book = (english: string) => Object.fromEntries(starterLanguages.map((l) => [l, bibleBooks[l][bibleBooks.en.indexOf(english)]!])) as Names;
const core = (english: string) => coreTerms.find((c) => c.en === english)!;
const church = everywhere('Harbour City Church');
const nehemiah = everywhere('Nehemiah');
// The church's own Portuguese and Spanish words for grace, the starter glossary's for the rest.
const grace: Names = { ...core('grace'), pt: 'graça', es: 'gracia' };

const sermon: Array<[string, Names[]]> = [
  ['Welcome to Harbour City Church, grace and peace to you.', [church, grace]],
  ['Open your Bibles to John 15 verse 5.', [book('John')]],
  ['Nee hemiah rebuilt the walls, as Nehemiah 2 tells us.', [nehemiah]],
  ['Romans 8:28 says all things work together for good.', [book('Romans')]],
  ['In Genesis 1 God created the heavens and the earth.', [book('Genesis'), core('God')]],
  ['Jesus Christ is the same yesterday, today and forever, Hebrews 13:8.', [core('Jesus Christ'), book('Hebrews')]],
  ['The Holy Spirit will guide you, John 16:13.', [core('Holy Spirit'), book('John')]],
  ['By grace you have been saved through faith, Ephesians 2:8.', [grace, core('faith'), book('Ephesians')]],
  ['Read 1 Corinthians 13 this week.', [book('1 Corinthians')]],
  ['The gospel is the power of God for salvation.', [core('gospel'), core('God'), core('salvation')]],
  ['Psalms 23 reminds us the Lord is our shepherd.', [book('Psalms'), core('Lord')]],
  ['Mark 4 tells of the sower, so mark my words.', [book('Mark')]],
  ['Pray with Harbour City Church for revival.', [church]],
  ['Isaiah 40:31 says they shall mount up with wings.', [book('Isaiah')]],
  ['Acts 2 shows the church at Pentecost.', [book('Acts')]],
  ['Revelation 21 speaks of a new heaven and a new earth.', [book('Revelation')]],
  ['Philippians 4:13 I can do all things through Christ.', [book('Philippians'), core('Christ')]],
  ['James 1:5 asks us to pray for wisdom.', [book('James')]],
  ['Jesus rose again: the resurrection is our hope.', [core('Jesus'), core('resurrection')]],
  ['Go in grace from Harbour City Church, Matthew 28:19.', [grace, church, book('Matthew')]],
];
const targets = starterLanguages.filter((l) => l !== 'en');

let mock: MockAzure;
let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;

beforeAll(async () => {
  mock = await startMockAzure();
  t = await createTestApp({ AZURE_TRANSLATOR_ENDPOINT: mock.url });
  cast = await buildCast(t.ctx.db);
  await useAzureKeys(t.ctx, cast.otherChurch.id, { translatorKey: MOCK_TRANSLATOR_KEY });
  for (const [churchId, cookie] of [[cast.church.id, cast.churchAdmin.cookie], [cast.otherChurch.id, cast.otherAdmin.cookie]] as const) {
    for (const entry of [
      { term: 'Harbour City Church', kind: 'keep' },
      { term: 'grace', kind: 'fixed', translations: { pt: 'graça', es: 'gracia' } },
      { term: 'Nehemiah', kind: 'keep', heardAs: ['Nee hemiah'] },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/churches/${churchId}/glossary`, headers: { cookie }, payload: entry });
      expect(res.statusCode).toBe(201);
    }
  }
});
afterAll(async () => {
  await t.close();
  await mock.close();
});

async function preach(churchId: string) {
  const out: Array<{ source: string; byLanguage: Map<string, { text: string }> }> = [];
  for (const [line] of sermon) {
    const source = await correctHeardLine(t.ctx, churchId, 'en', line);
    const { byLanguage, failed } = await translateForLanguages(t.ctx, t.ctx.log, churchId, source, 'en', targets);
    expect(failed).toBe(false);
    out.push({ source, byLanguage });
  }
  return out;
}

function expectTerms(results: Awaited<ReturnType<typeof preach>>) {
  results.forEach(({ source, byLanguage }, i) => {
    const [line, terms] = sermon[i]!;
    for (const term of terms) expect(source, line).toContain(term.en);
    for (const language of targets) {
      const text = byLanguage.get(language)!.text;
      for (const term of terms) expect(text, `${language}: ${line}`).toContain(term[language]);
      expect(text, language).not.toMatch(/<|notranslate|&amp;/);
    }
  });
}

describe('a sermon of twenty lines in seven languages', () => {
  it('comes out with every glossary term as specified from the demo translator', async () => {
    const results = await preach(cast.church.id);
    expectTerms(results);
    expect(results[2]!.source).toBe('Nehemiah rebuilt the walls, as Nehemiah 2 tells us.');
    expect(results[1]!.byLanguage.get('pt')!.text).toBe('[PT demo] Open your Bibles to João 15 verse 5.');
    expect(results[11]!.byLanguage.get('es')!.text).toBe('[ES demo] Marcos 4 tells of the sower, so mark my words.');
  });

  it('comes out the same through Azure, one request per line carrying the protection markup', async () => {
    mock.reset();
    const results = await preach(cast.otherChurch.id);
    expectTerms(results);
    expect(mock.stats.counts.translate).toBe(sermon.length);
    const first = mock.stats.requests.find((r) => r.endpoint === 'translate')!;
    expect(first.query.textType).toEqual(['html']);
    expect([...first.query.to!].sort()).toEqual([...targets].sort());
    expect(JSON.parse(first.body)).toEqual([{ Text: 'Welcome to <span class="notranslate" id="g0">Harbour City Church</span>, <span class="notranslate" id="g1">grace</span> and peace to you.' }]);
    // The mock translates what is not protected by upper-casing it: the terms were protected.
    expect(results[0]!.byLanguage.get('id')!.text).toBe('[id] WELCOME TO Harbour City Church, anugerah AND PEACE TO YOU.');
  });

  it('takes an edit into account on the next line, not from a cached translation', async () => {
    const line = 'Grace be with you.';
    const before = await translateForLanguages(t.ctx, t.ctx.log, cast.church.id, line, 'en', ['pt']);
    expect(before.byLanguage.get('pt')!.text).toBe('[PT demo] graça be with you.');
    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/churches/${cast.church.id}/glossary?q=grace`, headers: { cookie: cast.churchAdmin.cookie } })).json();
    await t.app.inject({ method: 'PATCH', url: `/api/v1/churches/${cast.church.id}/glossary/${list.items[0].id}`, headers: { cookie: cast.churchAdmin.cookie }, payload: { translations: { pt: 'Graça', es: 'gracia' } } });
    const after = await translateForLanguages(t.ctx, t.ctx.log, cast.church.id, line, 'en', ['pt']);
    expect(after.byLanguage.get('pt')!.text).toBe('[PT demo] Graça be with you.');
  });
});

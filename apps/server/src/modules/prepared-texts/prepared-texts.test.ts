import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCast } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import { addChurchLanguages, useAzureKeys } from '../../../test/helpers/live-kit';

let mock: MockAzure;
let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
const base = () => `/api/v1/churches/${cast.church.id}/prepared-texts`;

beforeAll(async () => {
  mock = await startMockAzure();
  t = await createTestApp({ AZURE_TRANSLATOR_ENDPOINT: mock.url });
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id, { goLive: ['en'], joinLive: ['en', 'pt', 'es', 'id'] });
  await useAzureKeys(t.ctx, cast.church.id, { translatorKey: MOCK_TRANSLATOR_KEY });
});
afterAll(async () => {
  await t.close();
  await mock.close();
});
beforeEach(() => mock.reset());

const post = (cookie: string, payload: object, url = base()) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
async function upload(cookie: string, bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('title', 'Uploaded');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({ method: 'POST', url: base(), headers: { cookie, 'content-type': req.headers.get('content-type')! }, payload: Buffer.from(await req.arrayBuffer()) });
}

/** The smallest Word document mammoth reads: one paragraph per string. */
async function docx(paragraphs: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`).join('');
  zip.file('word/document.xml', `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('prepared texts', () => {
  it('splits pasted text into paragraphs translated ahead, one request per paragraph, glossary applied', async () => {
    const res = await post(cast.staff.cookie, { title: 'John 15', text: 'I am the vine.\n\nRead John 15 with grace.\n\nAbide in me.' });
    expect(res.statusCode).toBe(201);
    const text = res.json();
    expect(text).toMatchObject({ title: 'John 15', sourceLanguage: 'en', paragraphCount: 3, scheduledSermonId: null });
    expect(text.paragraphs.map((p: { text: string }) => p.text)).toEqual(['I am the vine.', 'Read John 15 with grace.', 'Abide in me.']);
    expect(text.paragraphs[1].translations).toEqual({ pt: '[pt] READ João 15 WITH graça.', es: '[es] READ Juan 15 WITH gracia.', id: '[id] READ Yohanes 15 WITH anugerah.' });
    expect(mock.stats.counts.translate).toBe(3);
    const list = (await t.app.inject({ method: 'GET', url: `${base()}?q=john`, headers: { cookie: cast.churchAdmin.cookie } })).json();
    expect(list.items).toEqual([expect.objectContaining({ title: 'John 15', paragraphCount: 3 })]);
  });

  it('reads .txt, .md and .docx files and keeps a scheduled service id', async () => {
    const txt = await upload(cast.staff.cookie, Buffer.from('One.\n\nTwo.'), 'notes.txt', 'text/plain');
    expect(txt.json().paragraphs.map((p: { text: string }) => p.text)).toEqual(['One.', 'Two.']);
    const md = await upload(cast.staff.cookie, Buffer.from('# Title\n\n**Bold** words'), 'notes.md', 'text/markdown');
    expect(md.json().paragraphs.map((p: { text: string }) => p.text)).toEqual(['Title', 'Bold words']);
    const word = await upload(cast.staff.cookie, await docx(['First paragraph.', 'Second paragraph.']), 'sermon.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(word.statusCode).toBe(201);
    expect(word.json().paragraphs.map((p: { text: string }) => p.text)).toEqual(['First paragraph.', 'Second paragraph.']);
    expect((await upload(cast.staff.cookie, Buffer.from('x'), 'photo.png', 'image/png')).statusCode).toBe(415);
    const madeUp = '5a0f5f9e-7c1b-4e53-9d4c-2f6d8e9a1b2c';
    expect((await post(cast.staff.cookie, { title: 'Linked', text: 'Hello.', scheduledSermonId: madeUp })).statusCode).toBe(404);
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await t.app.inject({ method: 'POST', url: '/api/v1/scheduled-sermons', headers: { cookie: cast.staff.cookie }, payload: { churchId: cast.church.id, title: 'Sunday', startsAt, sourceLanguage: 'en' } });
    expect(scheduled.statusCode).toBe(201);
    const service = scheduled.json().id as string;
    const linked = await post(cast.staff.cookie, { title: 'Linked', text: 'Hello.', scheduledSermonId: service });
    expect(linked.json().scheduledSermonId).toBe(service);
    expect((await t.app.inject({ method: 'GET', url: `${base()}?scheduledSermonId=${service}`, headers: { cookie: cast.staff.cookie } })).json().total).toBe(1);
  });

  it('answers field errors for an empty text or title', async () => {
    const res = await post(cast.staff.cookie, { title: ' ', text: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['text', 'title']);
  });

  it('edits and reorders paragraphs, translating only the changed one', async () => {
    const text = (await post(cast.staff.cookie, { title: 'Order', text: 'A one.\n\nB two.\n\nC three.' })).json();
    mock.reset();
    const [a, b, c] = text.paragraphs;
    const res = await t.app.inject({
      method: 'PATCH', url: `${base()}/${text.id}`, headers: { cookie: cast.churchAdmin.cookie },
      payload: { title: 'Reordered', paragraphs: [{ id: c.id, text: c.text }, { id: a.id, text: 'A changed.' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().paragraphs.map((p: { text: string }) => p.text)).toEqual(['C three.', 'A changed.']);
    expect(res.json().paragraphs[0].translations).toEqual(c.translations);
    expect(res.json().paragraphs[1].translations.pt).toBe('[pt] A changed.');
    expect(mock.stats.counts.translate).toBe(1);
    expect(res.json().paragraphs.some((p: { id: string }) => p.id === b.id)).toBe(false);
  });

  it('keeps other churches out (404) and members out (403), and deletes', async () => {
    const text = (await post(cast.staff.cookie, { title: 'Mine', text: 'Hello.' })).json();
    const otherUrl = `/api/v1/churches/${cast.church.id}/prepared-texts/${text.id}`;
    expect((await t.app.inject({ method: 'GET', url: otherUrl, headers: { cookie: cast.otherAdmin.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/churches/${cast.otherChurch.id}/prepared-texts/${text.id}`, headers: { cookie: cast.otherAdmin.cookie } })).statusCode).toBe(404);
    expect((await post(cast.otherStaff.cookie, { title: 'x', text: 'y' })).statusCode).toBe(404);
    expect((await post(cast.member.cookie, { title: 'x', text: 'y' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: otherUrl, headers: { cookie: cast.staff.cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: otherUrl, headers: { cookie: cast.staff.cookie } })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_OPENAI_KEY, MOCK_OPENAI_MODEL, startMockOpenAI, type MockOpenAI } from '../../../test/mock-engines';
import { OpenAITranslator } from './openai-translator';
import type { TranslationError } from './translator';

let mock: MockOpenAI;
beforeAll(async () => { mock = await startMockOpenAI(); });
afterAll(async () => { await mock.close(); });
beforeEach(() => { mock.reset(); });

const model = (url = 'https://api.openai.com/v1') => new OpenAITranslator({ url, model: MOCK_OPENAI_MODEL, key: MOCK_OPENAI_KEY, baseUrlOverride: mock.baseUrl, sleep: async () => {} });
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as TranslationError);

interface Sent { model: string; messages: Array<{ role: string; content: string }>; response_format: { type: string; json_schema?: { strict: boolean; schema: { required: string[]; additionalProperties: boolean } } } }

describe('OpenAI-compatible model client', () => {
  it('asks once for every language as a strict JSON schema, with a Bearer key', async () => {
    const out = await model().translate('Grace and peace', 'en', ['pt', 'es']);
    expect(out).toEqual({ pt: '[pt] Grace and peace', es: '[es] Grace and peace' });
    const req = mock.last('/v1/chat/completions')!;
    expect(req.headers.authorization).toBe(`Bearer ${MOCK_OPENAI_KEY}`);
    const sent = req.json as Sent;
    expect(sent.model).toBe(MOCK_OPENAI_MODEL);
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent.messages[1]!.content).toBe('Grace and peace');
    expect(sent.response_format.type).toBe('json_schema');
    expect(sent.response_format.json_schema).toMatchObject({ strict: true, schema: { required: ['pt', 'es'], additionalProperties: false } });
  });

  it("gives Azure OpenAI its key as an api-key header", async () => {
    await model('https://harbour.openai.azure.com/openai/v1').translate('Amen and amen', 'en', ['pt']).catch(() => undefined);
    const req = mock.last('/v1/chat/completions')!;
    expect(req.headers['api-key']).toBe(MOCK_OPENAI_KEY);
    expect(req.headers.authorization).toBeUndefined();
  });

  it("tells the model the sermon's previous lines and the line's glossary, and never the key", async () => {
    await model().translate('Then <span class="notranslate" id="g0">Nehemiah</span> prayed for <span class="notranslate" id="g1">grace</span>', 'en', ['pt', 'es'], {
      textType: 'html',
      context: ['The wall of Jerusalem was broken.', 'The people wept.'],
      glossary: [
        { id: 'g0', term: 'Nehemiah', kind: 'keep', translations: {} },
        { id: 'g1', term: 'grace', kind: 'fixed', translations: { pt: 'graça', es: 'gracia' } },
      ],
    });
    const body = mock.last('/v1/chat/completions')!.body;
    const system = (JSON.parse(body) as Sent).messages[0]!.content;
    expect(system).toContain('> The wall of Jerusalem was broken.\n> The people wept.');
    expect(system).toContain('g0: "Nehemiah" is never translated.');
    expect(system).toContain('g1: "grace" is translated as "graça" (pt), "gracia" (es).');
    expect(system).toContain('class="notranslate"');
    expect(body).not.toContain(MOCK_OPENAI_KEY);
  });

  it('asks for a JSON object from a server that does not know JSON schemas, and remembers', async () => {
    const server = await startMockOpenAI({ jsonSchema: false });
    try {
      const t = new OpenAITranslator({ url: server.baseUrl, model: MOCK_OPENAI_MODEL, key: MOCK_OPENAI_KEY });
      expect(await t.translate('Amen and amen', 'en', ['pt', 'id'])).toEqual({ pt: '[pt] Amen and amen', id: '[id] Amen and amen' });
      await t.translate('Hallelujah to the King', 'en', ['pt']);
      expect(server.requests.map((r) => [(r.json as Sent).response_format.type, r.status])).toEqual([['json_schema', 400], ['json_object', 200], ['json_object', 200]]);
    } finally {
      await server.close();
    }
  });

  it('reports the tokens the answer says it used', async () => {
    let tokens = 0;
    await model().translate('Grace and peace', 'en', ['pt'], { onUsage: (n) => { tokens += n; } });
    expect(tokens).toBe(mock.tokens());
    expect(tokens).toBeGreaterThan(0);
  });

  describe('refuses an answer it cannot use', () => {
    const line = 'The Lord is my shepherd';
    it('with a language left out', async () => {
      mock.answerNext(() => JSON.stringify({ pt: 'O Senhor é o meu pastor' }));
      const err = await failure(model().translate(line, 'en', ['pt', 'es']));
      expect(err.kind).toBe('bad_answer');
      expect(err.message).toBe('The model answered with no es translation');
    });
    it('with commentary around or inside the translation', async () => {
      mock.answerNext(() => JSON.stringify({ pt: 'Here is the translation: O Senhor é o meu pastor' }));
      expect((await failure(model().translate(line, 'en', ['pt']))).message).toBe('The model answered with commentary in the pt translation');
      mock.answerNext(() => JSON.stringify({ pt: 'O Senhor é o meu pastor', note: 'Psalm 23' }));
      expect((await failure(model().translate(line, 'en', ['pt']))).message).toBe('The model answered with commentary (note)');
      mock.answerNext(() => 'Sure! {"pt": "O Senhor é o meu pastor"}');
      expect((await failure(model().translate(line, 'en', ['pt']))).message).toBe('The model answered with text that is not a JSON object');
    });
    it('with the source line sent back', async () => {
      mock.answerNext(() => JSON.stringify({ pt: 'The Lord is my shepherd.' }));
      expect((await failure(model().translate(line, 'en', ['pt']))).message).toBe('The model answered with the source line instead of a pt translation');
    });
    it('with a glossary placeholder dropped', async () => {
      mock.answerNext(() => JSON.stringify({ pt: 'Então Neemias orou' }));
      const err = await failure(model().translate('Then <span class="notranslate" id="g0">Nehemiah</span> prayed', 'en', ['pt'], { textType: 'html' }));
      expect(err.message).toBe('The model answered with glossary terms missing from the pt translation');
    });
    it('but accepts a short line that rightly stays the same', async () => {
      mock.answerNext(() => JSON.stringify({ es: 'Amen' }));
      expect(await model().translate('Amen', 'en', ['es'])).toEqual({ es: 'Amen' });
    });
  });

  it('says a model the server does not have in the server\'s own words', async () => {
    const t = new OpenAITranslator({ url: 'https://api.openai.com/v1', model: 'gpt-nope', key: MOCK_OPENAI_KEY, baseUrlOverride: mock.baseUrl });
    const err = await failure(t.translate('Amen and amen', 'en', ['pt']));
    expect(err.status).toBe(404);
    // In the server's own words (decision 041), never the model server's.
    expect(err.message).toBe('The engine answered with an error (HTTP 404)');
  });
});

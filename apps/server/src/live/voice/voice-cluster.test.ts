import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, sermonVoicePath, type Caption, type ListenerJoinAck, type Sermon, type VoicePiece } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { clusterRuns, startCluster, type Cluster } from '../../../test/helpers/cluster-kit';
import { addChurchLanguages, connectLive, eventually, ok, record, request, type ClientSocket } from '../../../test/helpers/live-kit';
import { decodeMp3, hearWords, sayLine, tuneIn } from '../../../test/helpers/voice-ear';
import { MOCK_SPEECH_KEY, MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import { toneOf } from '../../../test/mock-azure/spoken-audio';
import { openDatabase } from '../../db/client';
import { churches } from '../../db/schema';
import { SecretBox } from '../../lib/crypto';

/**
 * The listeners' voice on two processes behind a balancer (decisions 007 and 039): the speaker's
 * process places each piece once for the cluster, and a phone whose stream is served by the other
 * process hears every word, in order, as a phone on the speaker's process does.
 */
describe.runIf(clusterRuns)('the voice on two processes', () => {
  let cluster: Cluster;
  let mock: MockAzure;
  const secretsKey = '1'.repeat(64);
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    mock = await startMockAzure({ translation: 'words', voice: 'spoken' });
    cluster = await startCluster({ SECRETS_KEY: secretsKey, AZURE_TRANSLATOR_ENDPOINT: mock.url, AZURE_SPEECH_HOST: mock.url });
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await cluster?.close();
    await mock?.close();
  }, 30_000);

  it('plays every word once and in order to phones on both processes, synthesised once for the cluster', async () => {
    const database = await openDatabase({ databaseUrl: cluster.databaseUrl.toString() });
    const cast = await buildCast(database.db);
    await addChurchLanguages(database.db, cast.church.id);
    const secrets = new SecretBox(Buffer.from(secretsKey, 'hex'));
    await database.db.update(churches).set({
      translatorKeyEnc: secrets.encrypt(MOCK_TRANSLATOR_KEY), translatorLocation: 'australiaeast',
      speechKeyEnc: secrets.encrypt(MOCK_SPEECH_KEY), speechLocation: 'australiaeast',
    }).where(eq(churches.id, cast.church.id));
    await database.close();
    const [a, b] = cluster.servers.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    const res = await fetch(`${a}/api/v1/sermons`, {
      method: 'POST',
      headers: { cookie: cast.staff.cookie, 'content-type': 'application/json', origin: a },
      body: JSON.stringify({ churchId: cast.church.id, sourceLanguage: 'en' }),
    });
    expect(res.status).toBe(201);
    const sermon = (await res.json()) as Sermon;
    const speaker = await connectLive(a, cast.staff.cookie);
    sockets.push(speaker);
    ok(await request(speaker, liveEvents.speakerJoin, { sermonId: sermon.id }));

    // One Portuguese phone on each process: its socket and its voice stream on the same one.
    const phones = await Promise.all([a, b].map(async (base) => {
      const socket = await connectLive(base, cast.member.cookie);
      sockets.push(socket);
      const captions = record<Caption>(socket, liveEvents.caption);
      const pieces = record<VoicePiece>(socket, liveEvents.voicePiece);
      ok(await request<ListenerJoinAck>(socket, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'pt', voice: 'female', lastSeq: 0 }));
      const ear = await tuneIn(base + sermonVoicePath(sermon.id, 'pt', 'female'), cast.member.cookie);
      expect(ear.res.status).toBe(200);
      return { captions, pieces, ear };
    }));
    mock.reset();

    ok(await sayLine(speaker, sermon.id, 1, 'grace and peace to you all from god our father'));
    ok(await sayLine(speaker, sermon.id, 2, 'today we read from the book of ruth'));
    const finals = () => phones[1]!.captions.filter((c) => c.final);
    await eventually(() => expect(finals()).toHaveLength(2), 5000);
    await new Promise((r) => setTimeout(r, 6000));

    const said = finals().flatMap((c) => c.text.split(/\s+/)).map(toneOf);
    for (const phone of phones) {
      await phone.ear.stop();
      const { samples, sampleRate } = await decodeMp3(phone.ear.bytes());
      expect(hearWords(samples, sampleRate).map((h) => h.tone)).toEqual(said);
    }
    // Each piece synthesised once for both processes, not once per process streaming it.
    expect(phones[0]!.pieces.length).toBeGreaterThan(2);
    expect(phones[1]!.pieces).toEqual(phones[0]!.pieces);
    expect(mock.stats.counts.tts).toBe(phones[0]!.pieces.length);
  }, 60_000);
});

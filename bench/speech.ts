/**
 * Speech recognition benchmark (decision 038):
 *
 *   npm run bench:speech -- [--sermons 20] [--seconds 60] [--kill-at 30]
 *
 * Starts the real server in a child process (embedded PGlite, a temporary DATA_DIR) whose church
 * hears its speakers through a loopback Deepgram, then a loopback AssemblyAI (both in this
 * process, answering from a script timed to the audio: test/mock-engines/speech-script.ts). N
 * sermons go live at once; each speaker streams its sermon's audio in real time (100 ms frames of
 * 16 kHz PCM16, as the speaker's page does) and a phone per sermon reads the captions. Halfway, the
 * loopback Deepgram is killed: every sermon moves to AssemblyAI.
 *
 * Prints the time the server adds between an engine's final result and the phone (median, p99:
 * measured inside the server, and end to end on this process's clock, which also counts this
 * process's own load: the loopback engines, the speakers and the phones all run here),
 * the server's CPU per live audio stream, and per sermon the words lost or said twice and the
 * longest time without any caption around the kill. The last line is one JSON object.
 */
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { LIVE_NAMESPACE, liveEvents, recognitionEvents, type Caption } from '@app/shared';
import { encodedSpeech, scriptWords, startMockAssemblyAI, startMockDeepgram } from '../apps/server/test/mock-engines';
import { ask, percentile, round1 } from './ipc';
import { goLive, startLiveServers } from './live-servers';
import { LEAN_CLIENT } from './socket-client';

const { values } = parseArgs({ options: { sermons: { type: 'string', default: '20' }, seconds: { type: 'string', default: '60' }, 'kill-at': { type: 'string', default: '30' } } });
const sermons = Number(values.sermons);
const seconds = Number(values.seconds);
const killAt = Number(values['kill-at']) * 1000;

const BASE = [
  'Grace and peace to you all', 'Paul wrote to the church in Corinth', 'He said love is patient',
  'Love is kind and does not boast', 'Now faith hope and love remain', 'The greatest of these is love',
];
const FRAME_BYTES = 3200;
const FRAME_MS = 100;

// Each sermon says its own sentences (numbered), so a caption tells which engine result it was.
const perSermon = Math.ceil((seconds * 1000) / 3000);
const script = Array.from({ length: sermons }, (_, k) => Array.from({ length: perSermon }, (_, i) => `${BASE[i % BASE.length]} ${k}x${i}`)).flat();
const words = scriptWords(script);
const wordsPer = words.length / sermons;
const audioOf = (k: number) => encodedSpeech(words, k * wordsPer, (k + 1) * wordsPer);

const [deepgram, assembly] = await Promise.all([startMockDeepgram({ sentences: script }), startMockAssemblyAI({ sentences: script })]);
const started = await startLiveServers<{ port: number; cookie: string; churchId: string }>({
  processes: 1, seed: '1', embeddedAlone: true,
  // Every speaker and phone here is one account: its live connections are not one person's (decision 048).
  env: { BENCH_RECOGNITION: '1', BENCH_LANGUAGE_CODES: 'en', DEEPGRAM_URL: deepgram.url, ASSEMBLYAI_URL: assembly.url, LISTEN_PER_ACCOUNT: String(sermons * 2 + 10) },
});
const { ready, urls, servers } = started;
const url = urls[0]!;
const open: Socket[] = [];
const connect = async () => {
  const s = io(`${url}${LIVE_NAMESPACE}`, { ...LEAN_CLIENT, transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { cookie: ready.cookie } });
  open.push(s);
  await new Promise<void>((resolve, reject) => { s.once('connect', resolve); s.once('connect_error', reject); });
  return s;
};
const emit = async (s: Socket, event: string, payload: object) => {
  const ack = (await s.timeout(15_000).emitWithAck(event, payload)) as { ok: boolean; error?: { message: string } };
  if (!ack.ok) throw new Error(`${event}: ${ack.error?.message}`);
  return ack;
};

try {
  const runs = await Promise.all(Array.from({ length: sermons }, async (_, k) => {
    const sermon = await goLive(url, ready.cookie, ready.churchId);
    const speaker = await connect();
    await emit(speaker, liveEvents.speakerJoin, { sermonId: sermon.id });
    const phone = await connect();
    const captions: { at: number; caption: Caption }[] = [];
    phone.on(liveEvents.caption, (caption: Caption) => captions.push({ at: performance.now(), caption }));
    await emit(phone, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'en', voice: 'none', lastSeq: 0 });
    await emit(speaker, recognitionEvents.audioStart, { sermonId: sermon.id });
    return { k, sermon, speaker, captions, audio: audioOf(k) };
  }));

  // Every speaker streams in real time, frames due on a shared clock.
  const cpuBefore = await ask<{ ms: number }>(servers[0]!, { type: 'cpu' }, 'cpu');
  const t0 = performance.now();
  let killedAt = 0;
  const frames = Math.max(...runs.map((r) => Math.ceil(r.audio.length / FRAME_BYTES)));
  for (let f = 0; f < frames; f++) {
    const due = t0 + f * FRAME_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (!killedAt && performance.now() - t0 >= killAt) {
      deepgram.kill();
      killedAt = performance.now();
    }
    for (const r of runs) {
      const chunk = r.audio.subarray(f * FRAME_BYTES, (f + 1) * FRAME_BYTES);
      if (chunk.length) r.speaker.emit(recognitionEvents.audio, { sermonId: r.sermon.id, seq: f, audio: chunk });
    }
  }
  const wall = performance.now() - t0;
  const cpuAfter = await ask<{ ms: number }>(servers[0]!, { type: 'cpu' }, 'cpu');
  await Promise.all(runs.map((r) => emit(r.speaker, recognitionEvents.audioStop, { sermonId: r.sermon.id })));
  await new Promise((r) => setTimeout(r, 1500));

  // Engine final result → phone, matched by the sentence's text (unique per sermon).
  const sentAt = new Map<string, number>();
  for (const s of [...deepgram.sent, ...assembly.sent]) if (s.final && !sentAt.has(s.text)) sentAt.set(s.text, s.at);
  const added: number[] = [];
  let lost = 0;
  let doubled = 0;
  let worstGapMs = 0;
  let worstNormalGapMs = 0;
  for (const r of runs) {
    const finals = r.captions.filter((c) => c.caption.final);
    for (const c of finals) {
      const at = sentAt.get(c.caption.text);
      if (at !== undefined) added.push(c.at - at);
    }
    const expected = script.slice(r.k * perSermon, (r.k + 1) * perSermon).join(' ').split(' ');
    const heard = finals.map((c) => c.caption.text).join(' ').split(' ').filter(Boolean);
    const common = lcs(expected, heard);
    lost += expected.length - common;
    doubled += heard.length - common;
    // Longest silence on the phone (any caption, in progress or final) around the kill, and elsewhere.
    const times = r.captions.map((c) => c.at);
    for (let i = 1; i < times.length; i++) {
      const gap = times[i]! - times[i - 1]!;
      const nearKill = killedAt > 0 && times[i]! >= killedAt && times[i - 1]! <= killedAt + 3000;
      if (nearKill) worstGapMs = Math.max(worstGapMs, gap);
      else worstNormalGapMs = Math.max(worstNormalGapMs, gap);
    }
  }
  if (process.env.BENCH_VERBOSE) process.stderr.write(`slowest: ${JSON.stringify([...added].map((v, i) => [Math.round(v), i]).sort((a, b) => b[0]! - a[0]!).slice(0, 6))}\n`);
  added.sort((a, b) => a - b);
  // The server's own part, measured inside it: the engine's answer arriving → the caption sent to the phones.
  const inside = (await ask<{ ms: number[] }>(servers[0]!, { type: 'speech-times' }, 'speech-times')).ms.sort((a, b) => a - b);
  const cpuPercentPerStream = ((cpuAfter.ms - cpuBefore.ms) / wall) * 100 / sermons;
  const result = {
    bench: 'speech', sermons, audioSeconds: round1(wall / 1000),
    serverAddedMs: { median: round1(percentile(inside, 50)), p99: round1(percentile(inside, 99)), samples: inside.length },
    engineToPhoneMs: { median: round1(percentile(added, 50)), p99: round1(percentile(added, 99)), samples: added.length },
    serverCpu: { percentOfOneCorePerStream: round1(cpuPercentPerStream), percentOfOneCoreAllStreams: round1(cpuPercentPerStream * sermons) },
    failover: { killedAtSeconds: round1((killedAt - t0) / 1000), wordsLost: lost, wordsDoubled: doubled, longestGapAroundKillSeconds: round1(worstGapMs / 1000), longestGapOtherwiseSeconds: round1(worstNormalGapMs / 1000) },
    targets: { p99Ms: 50, cpuPercentAllStreams: 25, wordsLost: 0, gapSeconds: 3 },
  };
  process.stdout.write(`server adds (engine answer in → caption out, measured in the server): median ${result.serverAddedMs.median} ms, p99 ${result.serverAddedMs.p99} ms (${inside.length} lines)\n`);
  process.stdout.write(`engine final sent → phone received (this process's clock, its own load included): median ${result.engineToPhoneMs.median} ms, p99 ${result.engineToPhoneMs.p99} ms\n`);
  process.stdout.write(`server CPU: ${result.serverCpu.percentOfOneCorePerStream}% of one core per audio stream, ${result.serverCpu.percentOfOneCoreAllStreams}% for ${sermons}\n`);
  process.stdout.write(`first engine killed at ${result.failover.killedAtSeconds} s: ${lost} words lost, ${doubled} said twice, longest gap without captions ${result.failover.longestGapAroundKillSeconds} s (otherwise ${result.failover.longestGapOtherwiseSeconds} s)\n`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  for (const s of open) s.disconnect();
  await started.cleanup();
  await Promise.all([deepgram.close(), assembly.close()]);
}

/** Length of the longest common subsequence of two word lists. */
function lcs(a: string[], b: string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = [0];
    for (let j = 0; j < b.length; j++) row.push(x === b[j] ? prev[j]! + 1 : Math.max(prev[j + 1]!, row[j]!));
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * bench:voice's listeners and ears (decision 039). A listener joins the sermon on `/live` with the
 * female voice and holds the language's MP3 stream open, reading it as a phone's <audio> element
 * does. An ear is a listener that also keeps what it received, with when each chunk arrived, the
 * voice status and the final captions; afterwards it decodes the audio and "plays" it as the
 * listener page does (PlaybackPacer every 250 ms on what is buffered), so each heard word-tone
 * gets the wall-clock moment it was played.
 */
import { Manager, type ManagerOptions } from 'socket.io-client';
import { MPEGDecoder } from 'mpg123-decoder';
import { liveEvents, sermonVoicePath, type Caption, type VoicePiece, type VoiceStatus } from '@app/shared';
import { blockFedPlayback, defaultPlayback, PlaybackPacer, workerFedPlayback, type PlaybackPolicy } from '../packages/shared/src/voice-playback';
import { primingBytes } from '../apps/server/src/live/voice/voice-streams';
import { hearWords, type HeardWord } from '../apps/server/test/helpers/voice-ear';

export interface Tuned {
  manager: Manager;
  /** Aborts the HTTP stream. */
  controller: AbortController;
  /** Settles when the stream ends (the server closed it, or it was aborted). */
  done: Promise<void>;
  bytes: number;
  /** Whether the server ended the stream before the benchmark did. */
  endedEarly: boolean;
}

export interface Ear {
  language: string;
  tuned: Tuned;
  openedAt: number;
  chunks: Array<{ at: number; bytes: Uint8Array }>;
  statuses: Array<{ at: number; status: VoiceStatus }>;
  finals: Map<number, string>;
  pieces: VoicePiece[];
}

const now = () => performance.timeOrigin + performance.now();
// As the other live benchmarks: the simulated phones share the server's cores, real ones do not.
const LEAN: Partial<ManagerOptions> = { agent: undefined, perMessageDeflate: false as unknown as ManagerOptions['perMessageDeflate'] };

/** Joins with the female voice, then opens the stream and reads it until aborted. */
export async function tuneIn(url: string, ids: { broadcastId: string; sermonId: string }, language: string, onChunk?: (b: Uint8Array) => void, onJoin?: (m: Manager) => void): Promise<Tuned> {
  const manager = new Manager(url, { transports: ['websocket'], reconnection: false, timeout: 60_000, ...LEAN });
  const socket = manager.socket('/live');
  onJoin?.(manager);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket.emit(liveEvents.listenerJoin, { broadcastId: ids.broadcastId, language, voice: 'female', lastSeq: 0 }, (ack: { ok: boolean; error?: { message: string } }) => {
        if (ack.ok) resolve();
        else reject(new Error(ack.error?.message ?? 'join refused'));
      });
    });
  });
  const controller = new AbortController();
  const res = await fetch(url + sermonVoicePath(ids.sermonId, language, 'female'), { signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`voice stream answered ${res.status}`);
  const tuned: Tuned = { manager, controller, done: Promise.resolve(), bytes: 0, endedEarly: false };
  tuned.done = (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        tuned.bytes += chunk.length;
        onChunk?.(chunk);
      }
      tuned.endedEarly = !controller.signal.aborted;
    } catch {
      // Aborted: the phone went away.
    }
  })();
  return tuned;
}

export function close(t: Tuned): Promise<void> {
  t.controller.abort();
  t.manager.engine?.close();
  return t.done;
}

export async function openEar(url: string, ids: { broadcastId: string; sermonId: string }, language: string): Promise<Ear> {
  const ear: Omit<Ear, 'tuned'> & { tuned?: Tuned } = { language, openedAt: now(), chunks: [], statuses: [], finals: new Map(), pieces: [] };
  ear.tuned = await tuneIn(url, ids, language, (bytes) => ear.chunks.push({ at: now(), bytes }), (manager) => {
    const socket = manager.socket('/live');
    socket.on(liveEvents.caption, (c: Caption) => {
      if (c.language === language && c.final) ear.finals.set(c.seq, c.text);
    });
    socket.on(liveEvents.voiceStatus, (status: VoiceStatus) => {
      if (status.language === language) ear.statuses.push({ at: now(), status });
    });
    socket.on(liveEvents.voicePiece, (p: VoicePiece) => {
      if (p.language === language) ear.pieces.push(p);
    });
  });
  ear.openedAt = now();
  return ear as Ear;
}

/**
 * The speeds the server said pieces at, with when each was reported. A piece left out is reported
 * at the top speed (running flat out), which no piece was said at: those reports are not speeds.
 */
export function placedRates(statuses: Ear['statuses']): Array<{ at: number; rate: number }> {
  return statuses.filter((x, i) => x.status.skipped === (statuses[i - 1]?.status.skipped ?? 0)).map((x) => ({ at: x.at, rate: x.status.rate }));
}

/** A word the ear played: its tone and the wall-clock ms it was played at. */
export interface Played {
  tone: number;
  at: number;
}

export interface Playback {
  played: Played[];
  /** The highest server rate × phone rate at any moment. */
  maxSpeed: number;
  /** Seconds of audio received, and seconds the playhead stood still with nothing buffered. */
  receivedS: number;
  stalledS: number;
  /** The most buffered at any moment. */
  maxBufferedS: number;
  /** Real time since the stream opened less the audio it carried (0 for a stream that kept up). */
  shortS: number;
  /** Real time since the stream opened less the audio played (priming and stalls not caught up). */
  playheadBehindS: number;
}

const RATE_EVERY_MS = 250;
const STEP_MS = 10;

/**
 * What a browser's decoder is handed, and when. Chromium's media loader passes a progressive stream
 * on in blocks of 32 KB, counted from the stream's first byte (decision 039): a byte reaches the
 * decoder when the block it is in is full. Safari's has no blocks (`blockBytes` 0).
 */
export function inBlocks(chunks: Ear['chunks'], blockBytes: number): Ear['chunks'] {
  if (blockBytes <= 0) return chunks;
  const out: Ear['chunks'] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  for (const c of chunks) {
    pending.push(c.bytes);
    pendingBytes += c.bytes.length;
    if (pendingBytes < blockBytes) continue;
    const joined = Buffer.concat(pending);
    const whole = pendingBytes - (pendingBytes % blockBytes);
    out.push({ at: c.at, bytes: joined.subarray(0, whole) });
    pending = [joined.subarray(whole)];
    pendingBytes -= whole;
  }
  return out;
}

/** Chromium's block (see inBlocks). */
export const CHROMIUM_BLOCK_BYTES = 32 * 1024;

/** How a browser's decoder is handed the stream, and the listener page's pacing for it. */
export interface Delivery {
  /** The loader's block (0: bytes as they come). */
  blockBytes: number;
  /** The stream's opening bytes the page never asks for (the priming silence, `?prime=0`). */
  skipBytes: number;
  policy: PlaybackPolicy;
}

/**
 * The browsers the benchmark plays each ear as. Chromium's page feeds the element from a worker
 * (Media Source Extensions): no blocks, no priming. Safari plays the plain stream, as it comes.
 * A Chromium with no Media Source in workers plays the plain stream in blocks.
 */
export const deliveries = {
  chromium: { blockBytes: 0, skipBytes: primingBytes(), policy: workerFedPlayback },
  safari: { blockBytes: 0, skipBytes: 0, policy: defaultPlayback },
  chromiumPlainStream: { blockBytes: CHROMIUM_BLOCK_BYTES, skipBytes: 0, policy: blockFedPlayback },
} satisfies Record<string, Delivery>;

/** The ear's chunks without their first `bytes`. */
function skipping(chunks: Ear['chunks'], bytes: number): Ear['chunks'] {
  const out: Ear['chunks'] = [];
  let left = bytes;
  for (const c of chunks) {
    if (left >= c.bytes.length) {
      left -= c.bytes.length;
      continue;
    }
    out.push(left > 0 ? { at: c.at, bytes: c.bytes.subarray(left) } : c);
    left = 0;
  }
  return out;
}

/**
 * Decodes what the ear received as the browser's decoder is handed it (so it knows how much audio
 * it held at each moment) and plays it from the moment the stream opened, as the listener page does.
 */
export async function play(ear: Ear, delivery: Delivery): Promise<Playback> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const arrivals: Array<{ at: number; totalS: number }> = [];
  const parts: Float32Array[] = [];
  let samples = 0;
  let sampleRate = 24_000;
  for (const c of inBlocks(skipping(ear.chunks, delivery.skipBytes), delivery.blockBytes)) {
    const out = decoder.decode(c.bytes);
    if (out.samplesDecoded > 0) {
      parts.push(out.channelData[0]!);
      samples += out.samplesDecoded;
      sampleRate = out.sampleRate;
    }
    arrivals.push({ at: c.at, totalS: samples / sampleRate });
  }
  decoder.free();
  const all = new Float32Array(samples);
  let offset = 0;
  for (const p of parts) {
    all.set(p, offset);
    offset += p.length;
  }
  const heard: HeardWord[] = hearWords(all, sampleRate);

  // The playhead, in seconds of audio, stepped in 10 ms of wall time; its rate chosen every 250 ms.
  const played: Played[] = [];
  let playhead = 0;
  let rate = 1;
  const pacer = new PlaybackPacer(delivery.policy);
  let serverRate = 1;
  let maxSpeed = 1;
  let maxBufferedS = 0;
  let stalledS = 0;
  let stalled = false;
  let next = 0;
  let arrival = 0;
  let status = 0;
  const rates = placedRates(ear.statuses);
  const end = ear.chunks.at(-1)?.at ?? ear.openedAt;
  for (let t = ear.openedAt, tick = 0; t <= end + 60_000 && next < heard.length; t += STEP_MS, tick += STEP_MS) {
    while (arrival < arrivals.length && arrivals[arrival]!.at <= t) arrival++;
    const receivedS = arrival > 0 ? arrivals[arrival - 1]!.totalS : 0;
    while (status < rates.length && rates[status]!.at <= t) serverRate = rates[status++]!.rate;
    const buffered = receivedS - playhead;
    maxBufferedS = Math.max(maxBufferedS, buffered);
    if (tick % RATE_EVERY_MS === 0) {
      rate = pacer.next(Math.max(0, buffered), t);
      // The speed the page chooses, with the server's latest (a status arriving between two
      // choices is taken into account at the next, as the page does).
      maxSpeed = Math.max(maxSpeed, rate * serverRate);
    }
    if (buffered <= 0) {
      // A stall: the page starts watching afresh (its 'waiting' event).
      if (!stalled) pacer.reset();
      stalled = true;
      stalledS += STEP_MS / 1000;
      continue;
    }
    stalled = false;
    const advance = Math.min(buffered, (rate * STEP_MS) / 1000);
    const from = playhead;
    playhead += advance;
    // A word is played when the playhead passes its start.
    while (next < heard.length && heard[next]!.at < playhead) {
      const within = (heard[next]!.at - from) / Math.max(1e-9, advance);
      played.push({ tone: heard[next]!.tone, at: t + Math.max(0, within) * STEP_MS });
      next++;
    }
  }
  // Audio the stream fell short of real time by (slots the server never wrote), and how far the
  // playhead ended behind the wall clock.
  const shortS = (end - ear.openedAt) / 1000 - samples / sampleRate;
  return { played, maxSpeed, receivedS: samples / sampleRate, stalledS, maxBufferedS, shortS, playheadBehindS: (end - ear.openedAt) / 1000 - playhead };
}

/** A word said, in the ear's language: its tone and the wall-clock ms it was said at. */
export interface Said {
  tone: number;
  at: number;
}

/** How long after it was said a word may be played and still count as the same word. */
const MATCH_WINDOW_MS = 60_000;

/**
 * Lines heard words up with said ones, keeping order (longest common subsequence of tones, a
 * played word matching only a said word it follows within a minute, since 48 tones collide).
 * Answers, per said word, the ms from said to played, or null if it was never heard.
 */
export function align(said: Said[], played: Played[]): Array<number | null> {
  const n = said.length;
  const m = played.length;
  const w = m + 1;
  const table = new Int32Array((n + 1) * w);
  const fits = (i: number, j: number) => said[i]!.tone === played[j]!.tone && played[j]!.at >= said[i]!.at && played[j]!.at - said[i]!.at <= MATCH_WINDOW_MS;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * w + j] = fits(i, j) ? 1 + table[(i + 1) * w + j + 1]! : Math.max(table[(i + 1) * w + j]!, table[i * w + j + 1]!);
    }
  }
  const lags: Array<number | null> = new Array<number | null>(n).fill(null);
  for (let i = 0, j = 0; i < n && j < m;) {
    if (fits(i, j) && table[i * w + j] === 1 + table[(i + 1) * w + j + 1]!) {
      lags[i] = played[j]!.at - said[i]!.at;
      i++;
      j++;
    } else if (table[(i + 1) * w + j]! >= table[i * w + j + 1]!) i++;
    else j++;
  }
  return lags;
}

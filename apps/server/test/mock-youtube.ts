import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './mock-azure/mock-azure';

/**
 * A loopback caption ingestion server speaking YouTube's format (docs SPEECH-AND-TRANSLATION.md,
 * "Livestream captions"), strict about everything a sender controls: POST, `text/plain` UTF-8,
 * `seq` growing by one per new post and unchanged (same body) on a retry, per caption a line
 * `YYYY-MM-DDTHH:MM:SS.mmm` then its text, a body ending in a newline, stamps within a minute of
 * its clock, at most one post a second per stream. Breaking a rule is recorded as a violation
 * (the tests expect none) and answered 400. It answers 200 with its time, as YouTube does.
 */

export interface IngestedCaption {
  stamp: string;
  at: number;
  text: string;
  seq: number;
  /** When it arrived here (epoch ms). */
  receivedAt: number;
  stream: string;
}

export interface MockYouTube {
  url: string;
  /** Captions accepted (each post once; a retry adds nothing). */
  captions: IngestedCaption[];
  posts: Array<{ stream: string; seq: number; body: string; at: number; status: number }>;
  violations: string[];
  /** Answer this status to every post until cleared (a YouTube outage). */
  failWith: number | null;
  /** Milliseconds this server's clock is ahead of the machine's (YouTube's clock drift). */
  skewMs: number;
  streamUrl(name: string, extra?: string): string;
  close(): Promise<void>;
}

const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(?: region:\S+)?$/;
/**
 * Requests of one stream arrive closer than they left when the machine is busy (the sender keeps
 * a second between departures, bench:livestream measures it); closer than this is a violation.
 */
const MIN_GAP_MS = 750;

/** `lenientGap`: posts closer than a second are counted, not refused (a loaded benchmark machine bunches arrivals). */
export async function startMockYouTube(opts: { lenientGap?: boolean } = {}): Promise<MockYouTube> {
  const streams = new Map<string, { seq: number; body: string; lastAt: number; accepted: boolean }>();
  const mock: MockYouTube = {
    url: '', captions: [], posts: [], violations: [], failWith: null, skewMs: 0,
    streamUrl: (name, extra = '') => `${mock.url}/closedcaption?cid=${name}${extra}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const fail = (why: string) => {
    mock.violations.push(why);
    return 400;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const now = Date.now();
      const url = new URL(req.url ?? '/', 'http://x');
      const stream = url.searchParams.get('cid') ?? '?';
      const seq = Number(url.searchParams.get('seq'));
      let status = 200;
      const previous = streams.get(stream);
      if (req.method !== 'POST') status = fail(`${stream}: method ${req.method}`);
      else if (!/^text\/plain; ?charset=utf-8$/i.test(req.headers['content-type'] ?? '')) status = fail(`${stream}: content-type ${req.headers['content-type']}`);
      else if (!Number.isInteger(seq) || seq < 1) status = fail(`${stream}: seq ${url.searchParams.get('seq')}`);
      else if (previous && now - previous.lastAt < MIN_GAP_MS && !opts.lenientGap) status = fail(`${stream}: two posts ${now - previous.lastAt} ms apart`);
      else if (previous && seq === previous.seq && body !== previous.body) status = fail(`${stream}: seq ${seq} reused with another body`);
      else if (previous && seq < previous.seq) status = fail(`${stream}: seq went back from ${previous.seq} to ${seq}`);
      else if (body !== '' && !body.endsWith('\n')) status = fail(`${stream}: body without a final newline`);
      const lines = body === '' ? [] : body.slice(0, -1).split('\n');
      if (status === 200 && lines.length % 2 !== 0) status = fail(`${stream}: ${lines.length} lines (stamp and text pairs expected)`);
      const parsed: IngestedCaption[] = [];
      for (let i = 0; status === 200 && i < lines.length; i += 2) {
        const stamp = lines[i]!;
        const at = Date.parse(`${stamp.slice(0, 23)}Z`);
        if (!STAMP.test(stamp)) status = fail(`${stream}: stamp line ${JSON.stringify(stamp)}`);
        else if (Math.abs(at - (now + mock.skewMs)) > 60_000) status = fail(`${stream}: stamp ${stamp} more than a minute from ${new Date(now + mock.skewMs).toISOString()}`);
        else if (!lines[i + 1]) status = fail(`${stream}: empty caption text`);
        else parsed.push({ stamp, at, text: lines[i + 1]!, seq, receivedAt: now, stream });
      }
      if (status === 200 && mock.failWith !== null) status = mock.failWith;
      mock.posts.push({ stream, seq, body, at: now, status });
      const retry = previous !== undefined && previous.seq === seq && previous.body === body;
      // A retry of a post already taken adds nothing (YouTube knows the seq).
      if (status === 200 && !(retry && previous.accepted)) mock.captions.push(...parsed);
      if (status !== 400) streams.set(stream, { seq, body, lastAt: now, accepted: status === 200 || (retry && previous.accepted) });
      else if (previous) previous.lastAt = now;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? `${new Date(now + mock.skewMs).toISOString().slice(0, 23)}\n` : 'error');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mock.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return mock;
}

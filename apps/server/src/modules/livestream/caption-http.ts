import http from 'node:http';
import https from 'node:https';
import { hostOf } from '../../lib/outbound/address-policy';
import { assertLiteralAllowed, type OutboundClient } from '../../lib/outbound/outbound-client';

export interface CaptionAnswer {
  status: number;
  body: string;
}

/** `outbound`: the church's URL is checked at connect as every church-typed address is (decision 041). */
export type CaptionPost = (url: string, body: string, timeoutMs: number, outbound?: OutboundClient) => Promise<CaptionAnswer>;

// Kept-alive connections: a feed posts every second for the length of a sermon.
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 4 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 4 }) };

/**
 * One caption post over node:http, not fetch: fifty churches posting every second cost a third
 * less CPU without fetch's streams and Request objects (bench:livestream, decision 037).
 * A timeout rejects with an error named TimeoutError; a bad address with the socket's error.
 */
export const postCaptions: CaptionPost = (url, body, timeoutMs, outbound) => new Promise((resolve, reject) => {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
  if (!client) {
    reject(new TypeError(`not an http(s) URL: ${target.protocol}`));
    return;
  }
  try {
    if (outbound) assertLiteralAllowed(outbound.allow, hostOf(target));
  } catch (err) {
    reject(err);
    return;
  }
  const data = Buffer.from(body, 'utf8');
  const req = client.request(target, {
    method: 'POST',
    agent: agents[target.protocol as 'http:' | 'https:'],
    ...(outbound ? { lookup: outbound.lookup } : {}),
    headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': data.length },
    timeout: timeoutMs,
  }, (res) => {
    // Only the answer's first bytes matter (YouTube's time): a huge answer is not read on, so it
    // costs the server nothing (decision 037, "No church stops another").
    let head = Buffer.alloc(0);
    const done = () => {
      clearTimeout(deadline);
      resolve({ status: res.statusCode ?? 0, body: head.toString('utf8').slice(0, 200) });
    };
    res.on('data', (c: Buffer) => {
      head = Buffer.concat([head, c]).subarray(0, ANSWER_BYTES);
      if (head.length >= ANSWER_BYTES) {
        done();
        res.destroy();
      }
    });
    res.on('end', done);
    res.on('error', reject);
  });
  // The socket's timeout counts idle time only: an answer trickling in is cut at the same limit.
  const deadline = setTimeout(() => req.emit('timeout'), timeoutMs);
  req.on('timeout', () => {
    const err = new Error('caption post timed out');
    err.name = 'TimeoutError';
    req.destroy(err);
  });
  req.on('error', (err) => {
    clearTimeout(deadline);
    reject(err);
  });
  req.end(data);
});

/** What is read of an answer at most. */
const ANSWER_BYTES = 1024;

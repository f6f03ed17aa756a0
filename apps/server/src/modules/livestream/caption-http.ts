import http from 'node:http';
import https from 'node:https';

export interface CaptionAnswer {
  status: number;
  body: string;
}

export type CaptionPost = (url: string, body: string, timeoutMs: number) => Promise<CaptionAnswer>;

// Kept-alive connections: a feed posts every second for the length of a sermon.
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 4 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 4 }) };

/**
 * One caption post over node:http, not fetch: fifty churches posting every second cost a third
 * less CPU without fetch's streams and Request objects (bench:livestream, decision 037).
 * A timeout rejects with an error named TimeoutError; a bad address with the socket's error.
 */
export const postCaptions: CaptionPost = (url, body, timeoutMs) => new Promise((resolve, reject) => {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
  if (!client) {
    reject(new TypeError(`not an http(s) URL: ${target.protocol}`));
    return;
  }
  const data = Buffer.from(body, 'utf8');
  const req = client.request(target, {
    method: 'POST',
    agent: agents[target.protocol as 'http:' | 'https:'],
    headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': data.length },
    timeout: timeoutMs,
  }, (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 200) }));
    res.on('error', reject);
  });
  req.on('timeout', () => {
    const err = new Error('caption post timed out');
    err.name = 'TimeoutError';
    req.destroy(err);
  });
  req.on('error', reject);
  req.end(data);
});

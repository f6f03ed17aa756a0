import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { ClientOptions } from 'ws';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { EMPTY_ALLOW_LIST, hostOf, isMetadata, mayConnect, normaliseHost, parseAllowList, type AllowList } from './address-policy';
import { OutboundRefusal } from './outbound-error';

/**
 * The one way out to an address a church typed (decision 041): engines, caption feeds, Test
 * connection and live use. Every connection's address is checked after DNS resolution (a custom
 * `lookup`, and IP literals before connecting), redirects are an error, and an answer is cut off
 * past its kind's size. Operator-configured addresses (the *_URL overrides) skip the address check
 * but keep the bounds.
 */

/** Largest answer of each kind, in bytes: generous for a real engine, small next to the server's memory. */
export const ANSWER_LIMITS = {
  /** A translation, a model's reply or a language list (OpenAI-compatible servers list many models). */
  translation: 4 << 20,
  /** A spoken sentence as MP3 or WAV. */
  voice: 16 << 20,
  /** YouTube's or Zoom's answer to a caption post. */
  caption: 64 << 10,
} as const;
export type AnswerKind = keyof typeof ANSWER_LIMITS;

export type OutboundFetch = typeof fetch;

/**
 * How long a name may take to resolve. The system resolver gave up on a name that does not resolve
 * after 14.9 s, past Test connection's 8 s (decision 041): a lookup is bounded, and a name that
 * ran out of time is taken as not resolving for UNRESOLVED_MS, so the connection that follows a
 * Save or Test connection's check fails at once ("could not be reached") instead of waiting again.
 */
export const LOOKUP_BUDGET_MS = 2000;
const UNRESOLVED_MS = 30_000;

type Addresses = dns.LookupAddress[];

/** Names whose lookup ran out of time, until when they count as not resolving. */
class SlowNames {
  private readonly until = new Map<string, number>();

  has(name: string): boolean {
    const until = this.until.get(name);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.until.delete(name);
    return false;
  }

  add(name: string): void {
    // A handful of names at most in practice; a church typing many is held by the engine-call limit.
    if (this.until.size > 1000) this.until.clear();
    this.until.set(name, Date.now() + UNRESOLVED_MS);
  }
}

const notFound = (hostname: string, code = 'ENOTFOUND') => Object.assign(new Error(`${code} ${hostname}`), { code, hostname }) as NodeJS.ErrnoException;

/** Every address of `hostname`, or an error once LOOKUP_BUDGET_MS have passed (the name is then remembered as slow). */
function boundedLookup(hostname: string, options: dns.LookupOptions, slow: SlowNames, callback: (err: NodeJS.ErrnoException | null, addresses: Addresses) => void): void {
  const name = normaliseHost(hostname);
  if (slow.has(name)) return callback(notFound(hostname), []);
  let done = false;
  const timer = setTimeout(() => {
    done = true;
    slow.add(name);
    callback(notFound(hostname, 'ETIMEOUT'), []);
  }, LOOKUP_BUDGET_MS);
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    callback(err, err ? [] : (addresses as Addresses));
  });
}

/** A DNS lookup that refuses every name resolving to an address the policy does not allow. */
export function guardedLookup(allow: AllowList, slow = new SlowNames()): LookupFunction {
  return (hostname, options, callback) => {
    if (isMetadata(hostname, null)) return callback(new OutboundRefusal('not_allowed') as NodeJS.ErrnoException, '', 4);
    boundedLookup(hostname, options, slow, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      // Every address the name has must be allowed: the socket may try any of them.
      if (list.length === 0 || list.some((a) => !mayConnect(allow, hostname, a.address))) {
        return callback(new OutboundRefusal('not_allowed') as NodeJS.ErrnoException, '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** An IP literal host is connected to without any lookup: it is checked here instead. */
export function assertLiteralAllowed(allow: AllowList, host: string): void {
  const bare = normaliseHost(host);
  if (isIP(bare) !== 0 && !mayConnect(allow, bare, bare)) throw new OutboundRefusal('not_allowed');
}

/** Reads at most `limit` bytes of a body; past it the stream (and so the socket) is cancelled. */
function bounded(response: Response, limit: number): Response {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    void response.body?.cancel().catch(() => undefined);
    throw new OutboundRefusal('too_large');
  }
  if (!response.body) return response;
  let seen = 0;
  const limiter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(new OutboundRefusal('too_large'));
      else controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(limiter), { status: response.status, statusText: response.statusText, headers: response.headers });
}

export class OutboundClient {
  private readonly guardedAgent: Agent;
  private readonly trustedAgent: Agent;
  readonly lookup: LookupFunction;
  private readonly slow = new SlowNames();

  constructor(readonly allow: AllowList) {
    this.lookup = guardedLookup(allow, this.slow);
    const connect = buildConnector({ lookup: this.lookup, timeout: 10_000 });
    this.guardedAgent = new Agent({
      connect: (opts, callback) => {
        try {
          assertLiteralAllowed(allow, opts.hostname);
        } catch (err) {
          callback(err as Error, null);
          return;
        }
        connect(opts, callback);
      },
    });
    this.trustedAgent = new Agent({ connect: { timeout: 10_000 } });
  }

  /**
   * A fetch for one kind of answer. `trusted` is for the operator's own addresses (the *_URL
   * settings); everything a church typed goes through the address check.
   */
  fetchFor(kind: AnswerKind, trusted = false): OutboundFetch {
    const dispatcher = trusted ? this.trustedAgent : this.guardedAgent;
    const limit = ANSWER_LIMITS[kind];
    return (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusal('not_allowed');
      if (!trusted) assertLiteralAllowed(this.allow, hostOf(url));
      const response = (await undiciFetch(url, { ...(init as object), redirect: 'manual', dispatcher })) as unknown as Response;
      // Never followed: a key or a body must not travel on to wherever the answer points.
      if (response.status >= 300 && response.status < 400) {
        void response.body?.cancel().catch(() => undefined);
        throw new OutboundRefusal('redirect');
      }
      return bounded(response, limit);
    }) as OutboundFetch;
  }

  /** `ws` client options for a church-typed WebSocket address: the same check at connect, no redirects. */
  socketOptions(url: string): ClientOptions & { lookup: LookupFunction } {
    assertLiteralAllowed(this.allow, hostOf(new URL(url)));
    return { lookup: this.lookup, followRedirects: false };
  }

  /** Whether a URL may be saved: its literal address, or every address its name has now (checked again at connect). */
  async check(url: string): Promise<boolean> {
    const target = new URL(url);
    const host = hostOf(target);
    if (isIP(host) !== 0) return mayConnect(this.allow, host, host);
    if (isMetadata(host, null)) return false;
    const addresses = await new Promise<Addresses | null>((resolve) => {
      boundedLookup(host, {}, this.slow, (err, found) => resolve(err ? null : found));
    });
    // A name that does not resolve now (or not within LOOKUP_BUDGET_MS) is not refused here: Test
    // connection says it cannot be reached, at once, as the slow name is remembered.
    if (!addresses) return true;
    return addresses.every((a) => mayConnect(this.allow, host, a.address));
  }

  async close(): Promise<void> {
    await Promise.all([this.guardedAgent.close(), this.trustedAgent.close()]);
  }
}

const clients = new WeakMap<object, OutboundClient>();

/**
 * The process's outbound client for these settings (one set of connection pools per configuration
 * object): the caller passes its configuration's ALLOW_INTERNAL_HOSTS, so lib/ needs no config.ts.
 */
export function outboundOf(config: { readonly ALLOW_INTERNAL_HOSTS?: string }): OutboundClient {
  let client = clients.get(config);
  if (!client) {
    client = new OutboundClient(config.ALLOW_INTERNAL_HOSTS ? parseAllowList(config.ALLOW_INTERNAL_HOSTS) : EMPTY_ALLOW_LIST);
    clients.set(config, client);
  }
  return client;
}

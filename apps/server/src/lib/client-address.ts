import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Whose address a request is (decision 051): the connection's, unless the operator names the
 * proxy in front in TRUST_PROXY. Only then is X-Forwarded-For read, and only the entries that
 * proxy (and any other trusted hop) added: a client that writes its own header changes nothing.
 * Every limit, session record and log line keys on this one address.
 */

/** Whether the hop `i` away from the server, at `address`, is a proxy to believe. */
export type TrustProxy = (address: string, i: number) => boolean;

const trustNobody: TrustProxy = () => false;

/**
 * `TRUST_PROXY` as a trust function: unset, nothing is trusted; a whole number is how many proxies
 * stand in front (each trusted whatever its address: only for a server no one reaches but through
 * them); otherwise comma-separated addresses, CIDR networks or the names `loopback`, `linklocal`,
 * `uniquelocal`. Throws on a bad entry (config.ts reports it at start).
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '') return trustNobody;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    // Fastify's own numeric trustProxy trusts nobody (it cannot check the peer); a count the
    // operator gives means the hops nearest the server, as Express counts them.
    return hops === 0 ? trustNobody : (_address, i) => i < hops;
  }
  return proxyAddr.compile(value.split(',').map((e) => e.trim()).filter(Boolean));
}

const compiled = new WeakMap<object, TrustProxy>();

/** The trust function of a configuration, compiled once (Fastify's `trustProxy` gets the same). */
export function trustProxyOf(config: { TRUST_PROXY?: string }): TrustProxy {
  let trust = compiled.get(config);
  if (!trust) {
    trust = parseTrustProxy(config.TRUST_PROXY);
    compiled.set(config, trust);
  }
  return trust;
}

/**
 * The client's address of an HTTP request (`req.raw`) or of a Socket.IO handshake
 * (`socket.request`), under the configuration's rule. For an HTTP request it equals Fastify's
 * `req.ip`, which is computed with the same trust function.
 */
export function clientAddress(config: { TRUST_PROXY?: string }, raw: IncomingMessage): string {
  return proxyAddr(raw, trustProxyOf(config));
}

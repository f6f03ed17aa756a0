import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which network addresses a church-typed URL may reach (decision 041): public unicast only, plus
 * what the operator names in ALLOW_INTERNAL_HOSTS. Checked on the address actually connected to,
 * after DNS resolution, so a name that resolves (or later re-resolves) to an inside address is
 * refused too.
 */
export interface AllowList {
  /** Host names as typed in the URL (lower case, no trailing dot), any address they resolve to. */
  hosts: ReadonlySet<string>;
  /** Networks (a single address is a /32 or /128). */
  networks: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
}

export const EMPTY_ALLOW_LIST: AllowList = { hosts: new Set(), networks: [] };

/** `ALLOW_INTERNAL_HOSTS`: comma-separated host names, addresses and CIDR networks. Throws on a bad entry. */
export function parseAllowList(raw: string | undefined): AllowList {
  const hosts = new Set<string>();
  const networks: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const entry of (raw ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const bare = entry.replace(/^\[|\]$/g, '');
    if (bare.includes('/')) {
      networks.push(ipaddr.parseCIDR(bare));
    } else if (ipaddr.isValid(bare) && isIP(bare) !== 0) {
      const ip = ipaddr.parse(bare);
      networks.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^[a-z0-9.-]+$/i.test(bare)) {
      hosts.add(normaliseHost(bare));
    } else {
      throw new Error(`not a host name, address or CIDR network: ${entry}`);
    }
  }
  return { hosts, networks };
}

/** A URL's host as compared with the allow-list: lower case, no brackets, no trailing dot. */
export function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/**
 * An address a church's URL may reach without the operator's say: public unicast. IPv4-mapped
 * IPv6 is judged as the IPv4 it carries; the other forms that embed an IPv4 (IPv4-compatible
 * ::/96, NAT64, 6to4, Teredo) and every special range are refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.range() !== 'unicast') return false;
  // ::/8 (IPv4-compatible ::a.b.c.d among it) is reserved: ipaddr.js calls it unicast.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).parts[0]! < 0x100) return false;
  return true;
}

/** Whether the operator's list names this host or a network holding this address. */
export function operatorAllows(allow: AllowList, host: string | null, address: string): boolean {
  if (host && allow.hosts.has(normaliseHost(host))) return true;
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return allow.networks.some(([net, bits]) => {
    if (net.kind() !== ip.kind()) return false;
    return ip.match(net, bits);
  });
}

/**
 * Cloud metadata services (they hand out the server's own credentials): the link-local IPv4
 * network and AWS's IPv6 address, and Google's names for them. Never reached, whatever the
 * operator allows; refused in the same words as any other inside address (decision 051).
 */
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal']);
const METADATA_NETWORKS = [ipaddr.parseCIDR('169.254.0.0/16'), ipaddr.parseCIDR('fd00:ec2::254/128')];

export function isMetadata(host: string | null, address: string | null): boolean {
  if (host && METADATA_NAMES.has(normaliseHost(host))) return true;
  if (!address || !ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return METADATA_NETWORKS.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));
}

/** The whole rule: never a metadata service; a public address, or one the operator allows for this host. */
export function mayConnect(allow: AllowList, host: string | null, address: string): boolean {
  if (isMetadata(host, address)) return false;
  return isPublicAddress(address) || operatorAllows(allow, host, address);
}

/** A URL's host as a connection sees it: an IP literal (brackets gone), else the name. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

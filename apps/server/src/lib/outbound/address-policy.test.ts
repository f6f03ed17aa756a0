import { describe, expect, it } from 'vitest';
import { hostOf, mayConnect, parseAllowList, EMPTY_ALLOW_LIST } from './address-policy';

/**
 * Every spelling of an inside address a URL parser accepts ends up as one of these after WHATWG
 * parsing: the check runs on what is connected to (decision 041).
 */
const refused = [
  'http://127.0.0.1/', 'http://localhost-free.invalid@127.0.0.1/', 'http://2130706433/', 'http://0x7f000001/', 'http://0x7f.1/',
  'http://127.1/', 'http://0177.0.0.1/', 'http://127.0.0.1./', 'http://0.0.0.0/', 'http://0/', 'http://[::1]/', 'http://[::]/',
  'http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/', 'http://[0:0:0:0:0:ffff:127.0.0.1]/', 'http://[::127.0.0.1]/',
  'http://10.0.0.1/', 'http://10.255.255.255/', 'http://172.16.0.1/', 'http://172.31.255.1/', 'http://192.168.1.1/', 'http://100.64.0.1/',
  'http://169.254.169.254/', 'http://169.254.169.254./', 'http://2852039166/', 'http://0xa9fea9fe/', 'http://0251.0376.0251.0376/',
  'http://[::ffff:a9fe:a9fe]/', 'http://[::ffff:169.254.169.254]/', 'http://[fe80::1]/', 'http://[fc00::1]/', 'http://[fd00:ec2::254]/',
  'http://224.0.0.1/', 'http://[ff02::1]/', 'http://255.255.255.255/', 'http://240.0.0.1/', 'http://192.0.2.1/', 'http://198.18.0.1/',
  'http://[64:ff9b::7f00:1]/', 'http://[2002:7f00:1::]/', 'http://[2001::1]/',
];
const allowed = ['http://8.8.8.8/', 'https://1.1.1.1/', 'http://[2606:4700:4700::1111]/', 'http://172.32.0.1/', 'http://100.128.0.1/'];

describe('the address check (decision 041)', () => {
  it.each(refused)('refuses %s', (url) => {
    const host = hostOf(new URL(url));
    expect(mayConnect(EMPTY_ALLOW_LIST, host, host)).toBe(false);
  });

  it.each(allowed)('lets the public %s through', (url) => {
    const host = hostOf(new URL(url));
    expect(mayConnect(EMPTY_ALLOW_LIST, host, host)).toBe(true);
  });

  it('lets through exactly what the operator names: a host, an address, a network', () => {
    const allow = parseAllowList('translate.lan, 127.0.0.1, 10.0.5.0/24, [fd00::5]');
    expect(mayConnect(allow, 'translate.lan', '192.168.1.9')).toBe(true);
    expect(mayConnect(allow, 'TRANSLATE.LAN.', '192.168.1.9')).toBe(true);
    expect(mayConnect(allow, 'other.lan', '192.168.1.9')).toBe(false);
    expect(mayConnect(allow, '127.0.0.1', '127.0.0.1')).toBe(true);
    expect(mayConnect(allow, '::ffff:127.0.0.1', '::ffff:127.0.0.1')).toBe(true);
    expect(mayConnect(allow, '127.0.0.2', '127.0.0.2')).toBe(false);
    expect(mayConnect(allow, '::1', '::1')).toBe(false);
    expect(mayConnect(allow, '10.0.5.77', '10.0.5.77')).toBe(true);
    expect(mayConnect(allow, '10.0.6.1', '10.0.6.1')).toBe(false);
    expect(mayConnect(allow, 'fd00::5', 'fd00::5')).toBe(true);
    expect(mayConnect(allow, 'fd00::6', 'fd00::6')).toBe(false);
  });

  it('never lets a cloud metadata service through, whatever the operator allows (decision 051)', () => {
    const allow = parseAllowList('169.254.0.0/16,fd00::/8,metadata,metadata.google.internal');
    for (const [host, address] of [['169.254.169.254', '169.254.169.254'], ['metadata.google.internal', '169.254.169.254'], ['metadata', '10.0.0.1'], ['x.example', 'fd00:ec2::254'], ['x.example', '::ffff:169.254.169.254']]) {
      expect(mayConnect(allow, host!, address!), `${host} ${address}`).toBe(false);
    }
    // The rest of what the operator named still passes.
    expect(mayConnect(allow, 'x.example', 'fd00::1')).toBe(true);
  });

  it('refuses a setting it cannot read', () => {
    expect(() => parseAllowList('10.0.0.0/33')).toThrow();
    expect(() => parseAllowList('http://x/')).toThrow();
  });
});

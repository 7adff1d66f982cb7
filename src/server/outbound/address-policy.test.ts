import { describe, expect, it } from 'vitest';
import { checkUrl, classifyAddress, refusal, type Resolver } from './address-policy.ts';

describe('classifyAddress', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.0.10', 'private'],
    ['100.64.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.10.20', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'multicast'],
    ['ff02::1', 'multicast'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['fd00:ec2:0:0:0:0:0:254', 'metadata'],
    // IPv4 inside IPv6 is judged by the IPv4 address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['::ffff:93.184.216.34', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('refusal', () => {
  it('refuses everything but public addresses by default', () => {
    expect(refusal('93.184.216.34', { allowPrivate: false })).toBeUndefined();
    expect(refusal('127.0.0.1', { allowPrivate: false })).toBe(
      '127.0.0.1 is a loopback address, which the service may not call (OUTBOUND_ALLOW_PRIVATE=true allows loopback and private addresses)',
    );
    expect(refusal('10.0.0.1', { allowPrivate: false })).toMatch(/private network address/);
  });

  it('with private addresses allowed, allows loopback and private ranges only', () => {
    const policy = { allowPrivate: true };
    for (const ok of ['127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', 'fd12::1']) expect(refusal(ok, policy)).toBeUndefined();
    for (const no of ['169.254.169.254', 'fd00:ec2::254', '169.254.1.1', 'fe80::1', '0.0.0.0', '224.0.0.1']) expect(refusal(no, policy)).toBeDefined();
  });
});

describe('checkUrl', () => {
  const dns: Record<string, string[]> = { 'mixed.test': ['93.184.216.34', '10.0.0.1'], 'public.test': ['93.184.216.34', '2606:4700::1111'] };
  const resolve: Resolver = async (host) => {
    const list = dns[host];
    if (!list) throw new Error('ENOTFOUND');
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const strict = { allowPrivate: false };

  it('refuses a name when any of its addresses is refused', async () => {
    expect(await checkUrl(new URL('https://mixed.test/x'), strict, resolve)).toBe(
      'mixed.test resolves to 10.0.0.1 is a private network address, which the service may not call (OUTBOUND_ALLOW_PRIVATE=true allows loopback and private addresses)',
    );
    expect(await checkUrl(new URL('https://public.test/x'), strict, resolve)).toBeUndefined();
  });

  it('treats localhost names as loopback whatever DNS says, and lets unresolvable names through', async () => {
    expect(await checkUrl(new URL('http://app.localhost/x'), strict, resolve)).toMatch(/loopback name/);
    expect(await checkUrl(new URL('http://localhost/x'), { allowPrivate: true }, resolve)).toBeUndefined();
    expect(await checkUrl(new URL('https://unknown.test/x'), strict, resolve)).toBeUndefined();
  });

  it('gives up on a DNS answer that does not come', async () => {
    const never: Resolver = () => new Promise(() => {});
    expect(await checkUrl(new URL('https://slow.test/x'), strict, never, 50)).toBeUndefined();
  });
});

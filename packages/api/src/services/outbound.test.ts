import { describe, expect, it } from 'vitest';

import { CLOSED_RANGES, RefusedTargetError, isPublicAddress, resolveTarget } from './outbound';

/** Addresses a call may not reach, one or more in each range of the special-purpose registries. */
const CLOSED: [string, string][] = [
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network'],
  ['10.0.0.1', 'private'],
  ['100.64.0.1', 'shared address space (CGNAT)'],
  ['100.127.255.254', 'shared address space (CGNAT)'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::127.0.0.1', 'IPv4-compatible'],
  ['::7f00:1', 'IPv4-compatible'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback'],
  ['::ffff:10.1.2.3', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
  ['::ffff:0:7f00:1', 'IPv4-translated (SIIT)'],
  ['64:ff9b::7f00:1', 'NAT64'],
  ['64:ff9b::808:808', 'NAT64, even of a public address'],
  ['64:ff9b:1::1', 'local-use NAT64'],
  ['100::1', 'discard-only'],
  ['2001::1', 'Teredo'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'ORCHID'],
  ['2001:db8::1', 'documentation'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:808:808::1', '6to4'],
  ['3fff::1', 'documentation'],
  ['5f00::1', 'segment routing'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['febf::1', 'link-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['not-an-address', 'not an address'],
  ['', 'empty'],
];

const OPEN = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '172.32.0.1',
  '192.0.1.1',
  '100.128.0.1',
  '::ffff:8.8.8.8',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
];

describe('addresses a call to a host a user chose may reach', () => {
  it.each(CLOSED)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(OPEN)('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses the first and last address of every listed range', () => {
    const edges: Record<string, [string, string]> = {
      '2001::/23': ['2001::', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff'],
      '2001:db8::/32': ['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
      '2002::/16': ['2002::', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
      '2620:4f:8000::/48': ['2620:4f:8000::', '2620:4f:8000:ffff:ffff:ffff:ffff:ffff'],
      '3fff::/20': ['3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff'],
      '5f00::/16': ['5f00::', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
    };
    for (const { range } of CLOSED_RANGES) {
      const [net = '', prefix = ''] = range.split('/');
      if (net.includes(':')) {
        const pair = edges[range];
        if (!pair) throw new Error(`no edges written for ${range}`);
        for (const address of pair) expect(isPublicAddress(address), address).toBe(false);
        continue;
      }
      const start = net.split('.').reduce((n, part) => n * 256 + Number(part), 0);
      const end = start + 2 ** (32 - Number(prefix)) - 1;
      for (const n of [start, end]) {
        const address = [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
        expect(isPublicAddress(address), address).toBe(false);
      }
    }
  });
});

describe('resolving a host once before calling it', () => {
  const refusal = (endpoint: string, refusePrivate: boolean, answers: string[]) =>
    resolveTarget(endpoint, { refusePrivate, resolve: () => Promise.resolve(answers) }).then(
      () => null,
      (e: unknown) => (e instanceof RefusedTargetError ? e.reason : e),
    );

  it('calls only https URLs without credentials', async () => {
    expect(await refusal('http://push.example/x', false, ['8.8.8.8'])).toBe('not-https');
    expect(await refusal('https://user:pw@push.example/x', false, ['8.8.8.8'])).toBe('not-https');
    expect(await refusal('not a url', false, [])).toBe('not-https');
  });

  it('in production refuses a host with any closed address, and literal addresses alike', async () => {
    expect(await refusal('https://push.example/x', true, ['8.8.8.8', '10.0.0.1'])).toBe(
      'not-public',
    );
    expect(await refusal('https://[::ffff:7f00:1]/x', true, [])).toBe('not-public');
    expect(await refusal('https://[64:ff9b::7f00:1]/x', true, [])).toBe('not-public');
    expect(await refusal('https://push.example/x', true, [])).toBe('unresolved');
    expect(await refusal('https://push.example/x', true, ['8.8.8.8'])).toBeNull();
    // Outside production (a developer's own push service on this machine) loopback is allowed.
    expect(await refusal('https://push.example/x', false, ['127.0.0.1'])).toBeNull();
  });

  it('answers the first address the name resolved to, with its family', async () => {
    const target = await resolveTarget('https://push.example:8443/x?y=1', {
      refusePrivate: true,
      resolve: () => Promise.resolve(['2606:4700:4700::1111', '1.1.1.1']),
    });
    expect(target).toMatchObject({ address: '2606:4700:4700::1111', family: 6 });
    expect(target.url.href).toBe('https://push.example:8443/x?y=1');
  });
});

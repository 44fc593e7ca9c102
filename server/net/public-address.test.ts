import { describe, expect, it } from 'vitest';
import { AddressAllowance } from './address-allowance';
import { addressRefusal, isPublicAddress, parseHostLiteral, parseIPv4Literal } from './public-address';

describe('isPublicAddress', () => {
  const refused: Array<[string, string]> = [
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'], // cloud metadata service
    ['192.0.0.170', 'IETF protocol assignment'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.99', 'documentation'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['ff0e::fb', 'multicast'],
    ['100::1', 'discard-only'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['64:ff9b::7f00:1', 'NAT64 loopback'],
    ['64:ff9b::192.168.0.1', 'NAT64 private'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 loopback'],
    ['2002:c0a8:101::1', '6to4 private'],
    ['2002:a9fe:a9fe::', '6to4 link-local'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:10::1', 'IETF protocol assignment'],
    ['::ffff:0:7f00:1', 'reserved'],
    ['4000::1', 'reserved'],
    ['1::1', 'reserved'],
  ];
  it.each(refused)('refuses %s (%s)', (ip, reason) => {
    expect(addressRefusal(ip)).toBe(reason);
    expect(isPublicAddress(ip)).toBe(false);
  });

  const allowed = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.15.255.255', // just below 172.16/12
    '172.32.0.1', // just above it
    '100.63.255.255', // just below CGNAT
    '100.128.0.1',
    '169.253.255.255',
    '192.167.255.255',
    '223.255.255.255', // last unicast before multicast
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8', // mapped public v4 reaches the public address
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
  ];
  it.each(allowed)('allows %s', (ip) => {
    expect(addressRefusal(ip)).toBeNull();
    expect(isPublicAddress(ip)).toBe(true);
  });

  it('refuses text that is not an address at all', () => {
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('parseHostLiteral', () => {
  // Every spelling the WHATWG URL parser or inet_aton turns into 127.0.0.1.
  it.each([
    '127.0.0.1',
    '2130706433',
    '0177.0.0.1',
    '0x7f.0.0.1',
    '0x7f000001',
    '0X7F.1',
    '127.1',
    '127.0.1',
    '017700000001',
    '127.0.0.1.',
    '0x7f.0x0.0x0.0x1',
  ])('reads %s as 127.0.0.1', (host) => {
    expect(parseHostLiteral(host)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(isPublicAddress(host)).toBe(false);
  });

  it.each([
    ['0', '0.0.0.0'],
    ['0x0', '0.0.0.0'],
    ['0x', '0.0.0.0'], // WHATWG: an empty hex number is 0
    ['10.1', '10.0.0.1'],
    ['192.168.257', '192.168.1.1'],
    ['3232235777', '192.168.1.1'],
    ['134744072', '8.8.8.8'],
  ])('reads %s as %s', (host, address) => {
    expect(parseIPv4Literal(host)).toBe(address);
  });

  it('normalises bracketed and zoned IPv6', () => {
    expect(parseHostLiteral('[::1]')).toEqual({ address: '::1', family: 6 });
    expect(parseHostLiteral('[::FFFF:127.0.0.1]')).toEqual({ address: '::ffff:7f00:1', family: 6 });
    expect(parseHostLiteral('fe80::1%eth0')).toEqual({ address: 'fe80::1', family: 6 });
    expect(parseHostLiteral('[0000:0000:0000:0000:0000:0000:0000:0001]')).toEqual({ address: '::1', family: 6 });
  });

  it.each([
    'example.com',
    'localhost',
    '256.0.0.1',
    '1.2.3.4.5',
    '08.0.0.1',
    '1.2.3.0xg',
    'a.1',
    '4294967296',
    '1.16777216',
    '::1::',
    '12:34',
  ])('treats %s as a name, not an address', (host) => {
    expect(parseHostLiteral(host)).toBeNull();
  });

  it('agrees with the WHATWG URL parser on IPv4 spellings', () => {
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.1', '10.1', '192.168.257', '0x0a.0.0.1']) {
      expect(parseHostLiteral(host)?.address).toBe(new URL(`http://${host}/`).hostname);
    }
  });
});

describe('AddressAllowance', () => {
  it('permits only the listed ranges, in any spelling', () => {
    const allowance = new AddressAllowance(['127.0.0.2/32', 'fd00::/8']);
    expect(allowance.permits('127.0.0.2')).toBe(true);
    expect(allowance.permits('2130706434')).toBe(true);
    expect(allowance.permits('127.0.0.1')).toBe(false);
    expect(allowance.permits('fd00::5')).toBe(true);
    expect(allowance.permits('fe80::1')).toBe(false);
  });

  it('comes from LINK_IMPORT_ALLOW_CIDRS and is absent by default', () => {
    expect(AddressAllowance.fromEnv({})).toBeUndefined();
    expect(AddressAllowance.fromEnv({ LINK_IMPORT_ALLOW_CIDRS: '  ' })).toBeUndefined();
    expect(AddressAllowance.fromEnv({ LINK_IMPORT_ALLOW_CIDRS: '127.0.0.2/32, ::1/128' })?.permits('::1')).toBe(true);
    expect(() => AddressAllowance.fromEnv({ LINK_IMPORT_ALLOW_CIDRS: 'localhost' })).toThrow(/LINK_IMPORT_ALLOW_CIDRS/);
    expect(() => new AddressAllowance(['10.0.0.0/33'])).toThrow(/CIDR/);
  });
});

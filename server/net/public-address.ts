import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses a user's link may reach: only the public internet. Anything a server could
 * use to reach itself, its LAN, its cloud metadata service or a carrier's internal network is
 * refused, whichever way the address is spelled.
 */

export interface IpAddress {
  /** Canonical text: dotted quad for IPv4, Node's compressed form for IPv6. */
  address: string;
  family: 4 | 6;
}

function rangeList(family: 'ipv4' | 'ipv6', cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/');
    list.addSubnet(network, Number(prefix), family);
  }
  return list;
}

/** IANA's IPv4 special-purpose registry, minus the few blocks that are globally reachable. */
const IPV4_REFUSED: Array<[reason: string, ranges: BlockList]> = [
  ['unspecified', rangeList('ipv4', ['0.0.0.0/8'])],
  ['loopback', rangeList('ipv4', ['127.0.0.0/8'])],
  ['private', rangeList('ipv4', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'])],
  ['carrier-grade NAT', rangeList('ipv4', ['100.64.0.0/10'])],
  ['link-local', rangeList('ipv4', ['169.254.0.0/16'])],
  ['IETF protocol assignment', rangeList('ipv4', ['192.0.0.0/24'])],
  ['documentation', rangeList('ipv4', ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'])],
  ['6to4 relay anycast', rangeList('ipv4', ['192.88.99.0/24'])],
  ['benchmarking', rangeList('ipv4', ['198.18.0.0/15'])],
  ['multicast', rangeList('ipv4', ['224.0.0.0/4'])],
  ['broadcast', rangeList('ipv4', ['255.255.255.255/32'])],
  ['reserved', rangeList('ipv4', ['240.0.0.0/4'])],
];

const IPV6_NAMED: Array<[reason: string, ranges: BlockList]> = [
  ['unique-local', rangeList('ipv6', ['fc00::/7'])],
  ['link-local', rangeList('ipv6', ['fe80::/10'])],
  ['site-local', rangeList('ipv6', ['fec0::/10'])],
  ['multicast', rangeList('ipv6', ['ff00::/8'])],
  ['discard-only', rangeList('ipv6', ['100::/64'])],
  ['local-use NAT64', rangeList('ipv6', ['64:ff9b:1::/48'])],
  ['Teredo', rangeList('ipv6', ['2001::/32'])],
  ['documentation', rangeList('ipv6', ['2001:db8::/32', '3fff::/20'])],
  ['IETF protocol assignment', rangeList('ipv6', ['2001::/23'])],
];
/** Only 2000::/3 is allocated as global unicast; everything outside it is refused by default. */
const IPV6_GLOBAL_UNICAST = rangeList('ipv6', ['2000::/3']);

/**
 * One IPv4 component as inet_aton and the WHATWG URL parser read it: `0x` hex, leading-zero
 * octal, else decimal. Null when it is not a number at all (then the host is a name).
 */
function ipv4Part(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return null;
}

/**
 * `127.1`, `0177.0.0.1`, `0x7f.0.0.1`, `0x7f000001`, `2130706433`, `127.0.0.1.` -> "127.0.0.1".
 * With fewer than four parts the last one fills the remaining bytes, exactly as inet_aton does.
 */
export function parseIPv4Literal(host: string): string | null {
  const parts = host.replace(/\.$/, '').split('.');
  if (parts.length === 0 || parts.length > 4 || parts.some((part) => part === '')) return null;
  const numbers = parts.map(ipv4Part);
  if (numbers.some((value) => value === null || !Number.isFinite(value))) return null;
  const values = numbers as number[];
  const last = values[values.length - 1];
  if (values.slice(0, -1).some((value) => value > 255)) return null;
  if (last >= 256 ** (5 - values.length)) return null;
  let whole = last;
  values.slice(0, -1).forEach((value, index) => {
    whole += value * 256 ** (3 - index);
  });
  return [24, 16, 8, 0].map((shift) => Math.floor(whole / 2 ** shift) % 256).join('.');
}

/** Sixteen bytes of an IPv6 address (already validated by `isIPv6`), embedded dotted quad included. */
function ipv6Bytes(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === null ? [] : Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  return [...headGroups, ...zeros, ...tailGroups].flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

function canonicalIPv6(bytes: number[]): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  // Let BlockList-compatible tools agree on one spelling: compress the longest zero run.
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== '0') {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j += 1;
    if (j - i > bestLength && j - i > 1) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  if (bestStart < 0) return groups.join(':');
  return `${groups.slice(0, bestStart).join(':')}::${groups.slice(bestStart + bestLength).join(':')}`;
}

/**
 * An IP literal in any spelling a URL parser or getaddrinfo accepts, normalised; null when the
 * host is a name to resolve. Brackets and a zone id (`%eth0`) around IPv6 are accepted.
 */
export function parseHostLiteral(host: string): IpAddress | null {
  let text = host.trim().toLowerCase();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  text = text.replace(/%.*$/, '');
  if (isIPv6(text)) return { address: canonicalIPv6(ipv6Bytes(text)), family: 6 };
  if (text.includes(':')) return null;
  const v4 = parseIPv4Literal(text);
  return v4 && isIPv4(v4) ? { address: v4, family: 4 } : null;
}

function ipv4Refusal(address: string): string | null {
  for (const [reason, ranges] of IPV4_REFUSED) if (ranges.check(address, 'ipv4')) return reason;
  return null;
}

function embeddedIPv4(bytes: number[], offset: number): string {
  return bytes.slice(offset, offset + 4).join('.');
}

function ipv6Refusal(address: string): string | null {
  const bytes = ipv6Bytes(address);
  const prefixIs = (expected: number[]) => expected.every((value, index) => bytes[index] === value);
  const zeros = (count: number) => Array.from({ length: count }, () => 0);
  if (bytes.every((value) => value === 0)) return 'unspecified';
  if (prefixIs([...zeros(15), 1])) return 'loopback';
  // Addresses that carry an IPv4 address reach that address: judge it instead.
  const wrapped = (label: string, v4: string) => {
    const reason = ipv4Refusal(v4);
    return reason ? `${label} ${reason}` : null;
  };
  if (prefixIs([...zeros(10), 0xff, 0xff])) return wrapped('IPv4-mapped', embeddedIPv4(bytes, 12));
  if (prefixIs(zeros(12))) return 'IPv4-compatible (deprecated)';
  if (prefixIs([0, 0x64, 0xff, 0x9b, ...zeros(8)])) return wrapped('NAT64', embeddedIPv4(bytes, 12));
  if (prefixIs([0x20, 0x02])) return wrapped('6to4', embeddedIPv4(bytes, 2));
  for (const [reason, ranges] of IPV6_NAMED) if (ranges.check(address, 'ipv6')) return reason;
  if (!IPV6_GLOBAL_UNICAST.check(address, 'ipv6')) return 'reserved';
  return null;
}

/** Why an address is not on the public internet (for messages and logs), or null when it is. */
export function addressRefusal(ip: string): string | null {
  const parsed = parseHostLiteral(ip);
  if (!parsed) return 'not an IP address';
  return parsed.family === 4 ? ipv4Refusal(parsed.address) : ipv6Refusal(parsed.address);
}

export function isPublicAddress(ip: string): boolean {
  return addressRefusal(ip) === null;
}

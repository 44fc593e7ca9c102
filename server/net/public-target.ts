import { lookup } from 'node:dns/promises';
import http, { type ClientRequest } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AddressAllowance } from './address-allowance';
import { LinkFetchError, UnsafeLinkError } from './link-errors';
import { addressRefusal, parseHostLiteral, type IpAddress } from './public-address';

export interface TargetOptions {
  /** Test-only exception from configuration; see AddressAllowance. */
  allow?: AddressAllowance;
}

export interface PublicTarget {
  url: URL;
  /** The host as written in the URL (brackets removed): Host header and TLS name. */
  hostname: string;
  port: number;
  /** Every address the name resolved to, all checked; connections go to these and nowhere else. */
  addresses: IpAddress[];
}

/**
 * Ports browsers refuse to fetch (the Fetch standard's "bad port" list). Any other port is
 * allowed: video hosts do use :8080 and friends, and the address check already keeps requests on
 * the public internet; this list only stops a link being used to talk to mail, SSH, IRC, etc.
 */
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

function checkPort(port: number): void {
  if (!Number.isInteger(port) || port < 1 || port > 65535 || BAD_PORTS.has(port)) {
    throw new UnsafeLinkError('port', `Port ${port} is not allowed for links`);
  }
}

function checkAddress(host: string, address: IpAddress, options: TargetOptions): void {
  const refusal = addressRefusal(address.address);
  if (refusal !== null && !options.allow?.permits(address.address)) {
    throw new UnsafeLinkError('address', `${host} is not on the public internet (${address.address}: ${refusal})`);
  }
}

/**
 * Resolves a host name (or reads an IP literal in any spelling) and refuses it when ANY of its
 * addresses is not public: a name that answers with one public and one private address is the
 * classic DNS-rebinding trick, and we cannot know which one a later connection would use.
 */
export async function resolvePublicHost(host: string, port: number, options: TargetOptions = {}): Promise<IpAddress[]> {
  checkPort(port);
  const hostname = host.replace(/^\[(.*)\]$/, '$1');
  const literal = parseHostLiteral(hostname);
  let addresses: IpAddress[];
  if (literal) {
    addresses = [literal];
  } else {
    if (!/^[a-z0-9_.-]+$/i.test(hostname)) throw new UnsafeLinkError('malformed', `"${host}" is not a host name`);
    let found: Array<{ address: string; family: number }>;
    try {
      found = await lookup(hostname, { all: true, verbatim: true });
    } catch (error) {
      throw new LinkFetchError(
        `${hostname} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'DNS error'})`,
      );
    }
    addresses = found
      .map((entry) => parseHostLiteral(entry.address))
      .filter((entry): entry is IpAddress => entry !== null);
    if (addresses.length === 0) throw new LinkFetchError(`${hostname} has no address`);
  }
  for (const address of addresses) checkAddress(hostname, address, options);
  return addresses;
}

/** Checks a link (scheme, credentials, port) and resolves its host to checked public addresses. */
export async function resolvePublic(link: string | URL, options: TargetOptions = {}): Promise<PublicTarget> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new UnsafeLinkError('malformed', `"${String(link).slice(0, 200)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsafeLinkError('scheme', `Only http and https links can be imported, not ${url.protocol}`);
  }
  // user:pass@ in a link would send someone's credentials from our server; there is no need for it.
  if (url.username || url.password)
    throw new UnsafeLinkError('credentials', 'Links with a user name or password are not allowed');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await resolvePublicHost(hostname, port, options);
  return { url, hostname, port, addresses };
}

/**
 * An http(s) request to a checked target: the socket goes to its checked addresses only
 * (pinnedLookup), the Host header and TLS name stay the URL's, no shared agent. Used by safeFetch
 * (streamed link downloads) and pinnedFetch (a fetch() for clients such as openid-client).
 */
export function pinnedRequest(
  target: PublicTarget,
  options: { method: string; headers: Record<string, string>; signal?: AbortSignal },
): ClientRequest {
  const client = target.url.protocol === 'https:' ? https : http;
  return client.request({
    protocol: target.url.protocol,
    hostname: target.hostname,
    port: target.port,
    path: `${target.url.pathname}${target.url.search}`,
    method: options.method,
    headers: options.headers,
    lookup: pinnedLookup(target.addresses),
    agent: false,
    signal: options.signal,
  });
}

/**
 * A `lookup` for http/net that answers only with the already checked addresses, so the socket
 * goes where we looked (no second DNS answer can redirect it), while the Host header and TLS
 * server name stay the original name.
 */
export function pinnedLookup(addresses: readonly IpAddress[]): LookupFunction {
  return ((
    _hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: (...args: unknown[]) => void,
  ) => {
    const wanted =
      options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const usable = addresses.filter((entry) => wanted === 0 || entry.family === wanted);
    if (usable.length === 0) {
      callback(Object.assign(new Error('No checked address of the requested family'), { code: 'ENOTFOUND' }));
    } else if (options.all) {
      callback(
        null,
        usable.map((entry) => ({ address: entry.address, family: entry.family })),
      );
    } else {
      callback(null, usable[0].address, usable[0].family);
    }
  }) as LookupFunction;
}

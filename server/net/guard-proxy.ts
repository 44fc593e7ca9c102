import http, { type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { resolvePublic, resolvePublicHost, pinnedLookup, type TargetOptions } from './public-target';

/**
 * A one-job HTTP proxy on 127.0.0.1 for tools that do their own networking (yt-dlp, and the
 * ffmpeg it may call). Every request they make — the page, each redirect, each HLS playlist and
 * segment — arrives here, is resolved and checked like the link itself, and is connected to the
 * checked address. The tool therefore cannot reach a private address, whatever a page or a
 * redirect tells it.
 */

export interface GuardProxyOptions extends TargetOptions {
  /** Total bytes the proxy relays to the tool before it stops relaying (pages + media). */
  budgetBytes?: number;
  onBudgetExceeded?: () => void;
}

export interface GuardProxy {
  /** `http://127.0.0.1:<port>`, for `--proxy`. */
  url: string;
  /** Why requests were refused, in order (the caller turns the first into its error). */
  refusals: string[];
  relayedBytes(): number;
  close(): Promise<void>;
}

// Connection-level headers are between the tool and us, not for the origin (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function parseAuthority(authority: string): { host: string; port: number } | null {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(authority);
  return match ? { host: match[1], port: Number(match[2]) } : null;
}

export async function startGuardProxy(options: GuardProxyOptions = {}): Promise<GuardProxy> {
  const refusals: string[] = [];
  const tunnels = new Set<Duplex>();
  let relayed = 0;
  let overBudget = false;

  const count = (bytes: number, stop: () => void) => {
    relayed += bytes;
    if (options.budgetBytes !== undefined && relayed > options.budgetBytes) {
      stop();
      if (!overBudget) {
        overBudget = true;
        options.onBudgetExceeded?.();
      }
    }
  };
  const refuse = (error: unknown) => {
    const message = (error as Error).message;
    refusals.push(message);
    return message;
  };

  const server = http.createServer(async (request, response) => {
    const fail = (status: number, message: string) => {
      if (!response.headersSent) response.writeHead(status, { 'content-type': 'text/plain', connection: 'close' });
      response.end(`${message}\n`);
    };
    let target;
    try {
      if (!/^http:\/\//i.test(request.url ?? ''))
        throw new Error('Only absolute http:// URLs or CONNECT go through this proxy');
      target = await resolvePublic(request.url!, options);
    } catch (error) {
      fail(403, refuse(error));
      return;
    }
    const upstream = http.request({
      hostname: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method: request.method,
      headers: endToEnd(request.headers),
      lookup: pinnedLookup(target.addresses),
      agent: false,
    });
    upstream.on('response', (origin) => {
      response.writeHead(origin.statusCode ?? 502, endToEnd(origin.headers));
      origin.on('data', (chunk: Buffer) =>
        count(chunk.length, () => {
          origin.destroy();
          response.destroy();
        }),
      );
      origin.pipe(response);
    });
    upstream.on('error', (error) => (response.headersSent ? response.destroy() : fail(502, error.message)));
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });

  server.on('connect', async (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    const authority = parseAuthority(request.url ?? '');
    let addresses;
    try {
      if (!authority) throw new Error(`"${request.url}" is not host:port`);
      addresses = await resolvePublicHost(authority.host, authority.port, options);
    } catch (error) {
      client.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\n\r\n${refuse(error)}\n`);
      return;
    }
    const origin: Socket = connect({
      host: authority!.host.replace(/^\[(.*)\]$/, '$1'),
      port: authority!.port,
      lookup: pinnedLookup(addresses),
    });
    tunnels.add(origin);
    origin.on('close', () => {
      tunnels.delete(origin);
      client.destroy();
    });
    client.on('close', () => origin.destroy());
    origin.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    origin.on('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) origin.write(head);
      origin.on('data', (chunk: Buffer) => count(chunk.length, () => origin.destroy()));
      origin.pipe(client);
      client.pipe(origin);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refusals,
    relayedBytes: () => relayed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const tunnel of tunnels) tunnel.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

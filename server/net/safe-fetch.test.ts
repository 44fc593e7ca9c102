import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AddressAllowance } from './address-allowance';
import { LinkTooLargeError, UnsafeLinkError } from './link-errors';
import { resolvePublic, safeFetch } from './safe-fetch';
import { fakeDns } from './testing/fake-dns';
import { startLoopbackServer, type LoopbackServer } from './testing/loopback-server';

// Names set in fakeDns resolve to the addresses given (a stand-in for a DNS server we control).
vi.mock('node:dns/promises', async (original) => (await import('./testing/fake-dns')).fakeDnsModule(original));

const allowOnly127002 = new AddressAllowance(['127.0.0.2/32']);
const payload = Buffer.alloc(64 * 1024, 7);
let allowed: LoopbackServer;
let forbidden: LoopbackServer;

beforeAll(async () => {
  forbidden = await startLoopbackServer('127.0.0.1', (_request, response) => response.end('secret'));
  allowed = await startLoopbackServer('127.0.0.2', (request, response, self) => {
    const url = new URL(request.url ?? '/', self.origin);
    if (url.pathname === '/file') {
      response.writeHead(200, {
        'content-type': 'video/mp4',
        'content-length': payload.length,
        'x-host-seen': request.headers.host ?? '',
      });
      response.end(payload);
    } else if (url.pathname === '/to-loopback') {
      response.writeHead(302, { location: `${forbidden.origin}/admin` });
      response.end();
    } else if (url.pathname === '/relative') {
      response.writeHead(301, { location: '/file' });
      response.end();
    } else if (url.pathname === '/loop') {
      response.writeHead(302, { location: '/loop' });
      response.end();
    } else if (url.pathname === '/endless') {
      // No Content-Length: the limit can only be enforced while streaming.
      response.writeHead(200, { 'content-type': 'video/mp4' });
      const timer = setInterval(() => response.write(payload), 5);
      response.on('close', () => clearInterval(timer));
    } else {
      response.writeHead(404).end();
    }
  });
});

afterAll(async () => {
  await allowed?.close();
  await forbidden?.close();
});

describe('safeFetch', () => {
  it('fetches from an address the test allowance lists', async () => {
    const response = await safeFetch(`${allowed.origin}/file`, { maxBytes: 1_000_000, allow: allowOnly127002 });
    expect(response.status).toBe(200);
    expect((await buffer(response.body)).equals(payload)).toBe(true);
  });

  it('refuses the same loopback URL without the allowance, before any request', async () => {
    const before = allowed.hits.length;
    await expect(safeFetch(`${allowed.origin}/file`, { maxBytes: 1_000_000 })).rejects.toBeInstanceOf(UnsafeLinkError);
    expect(allowed.hits.length).toBe(before);
  });

  it('refuses a redirect to 127.0.0.1 even though the first hop is allowed', async () => {
    const error = await safeFetch(`${allowed.origin}/to-loopback`, {
      maxBytes: 1_000_000,
      allow: allowOnly127002,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeLinkError);
    expect((error as Error).message).toMatch(/127\.0\.0\.1.*loopback/);
    expect(forbidden.hits).toEqual([]);
  });

  it('follows relative redirects and stops after five', async () => {
    const response = await safeFetch(`${allowed.origin}/relative`, { maxBytes: 1_000_000, allow: allowOnly127002 });
    expect(response.url.pathname).toBe('/file');
    response.body.destroy();
    const hitsBefore = allowed.hits.length;
    const error = await safeFetch(`${allowed.origin}/loop`, { maxBytes: 1_000_000, allow: allowOnly127002 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'UnsafeLinkError', reason: 'redirects' });
    expect(allowed.hits.length - hitsBefore).toBe(6);
  });

  it('fails at once when Content-Length is over the limit', async () => {
    await expect(
      safeFetch(`${allowed.origin}/file`, { maxBytes: payload.length - 1, allow: allowOnly127002 }),
    ).rejects.toBeInstanceOf(LinkTooLargeError);
  });

  it('cuts a body without Content-Length off mid-stream at the limit', async () => {
    const response = await safeFetch(`${allowed.origin}/endless`, { maxBytes: 300_000, allow: allowOnly127002 });
    let received = 0;
    const error = await (async () => {
      for await (const chunk of response.body) received += (chunk as Buffer).length;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LinkTooLargeError);
    expect(received).toBeLessThanOrEqual(300_000);
    expect(received).toBeGreaterThan(200_000);
  });

  it('connects to the checked address while Host stays the name (DNS answer pinned)', async () => {
    // Only our resolver knows video.example: if the socket re-resolved it, the request would fail.
    fakeDns.set('video.example', ['127.0.0.2']);
    const response = await safeFetch(`http://video.example:${allowed.port}/file`, {
      maxBytes: 1_000_000,
      allow: allowOnly127002,
    });
    expect(response.headers['x-host-seen']).toBe(`video.example:${allowed.port}`);
    response.body.destroy();
  });

  it('refuses a name when any of its addresses is private (rebinding)', async () => {
    fakeDns.set('rebind.example', ['8.8.8.8', '127.0.0.1']);
    fakeDns.set('metadata.example', ['169.254.169.254']);
    fakeDns.set('v6.example', ['2606:4700::1', 'fd00::1']);
    for (const name of ['rebind.example', 'metadata.example', 'v6.example']) {
      await expect(resolvePublic(`https://${name}/video`)).rejects.toMatchObject({
        name: 'UnsafeLinkError',
        reason: 'address',
      });
    }
    fakeDns.set('public.example', ['8.8.8.8', '2606:4700::1']);
    expect((await resolvePublic('https://public.example/video')).addresses.map((a) => a.address)).toEqual([
      '8.8.8.8',
      '2606:4700::1',
    ]);
  });

  it.each([
    ['decimal', 'http://2130706433:PORT/'],
    ['octal', 'http://0177.0.0.1:PORT/'],
    ['hex', 'http://0x7f.0.0.1:PORT/'],
    ['hex number', 'http://0x7f000001:PORT/'],
    ['short form', 'http://127.1:PORT/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]:PORT/'],
    ['IPv4-mapped IPv6 in hex', 'http://[::ffff:7f00:1]:PORT/'],
    ['IPv6 loopback', 'http://[::1]:PORT/'],
    ['unspecified', 'http://0.0.0.0:PORT/'],
    ['localhost', 'http://localhost:PORT/'],
  ])('refuses 127.0.0.1 spelled as %s, even with 127.0.0.2 allowed', async (_label, link) => {
    await expect(
      safeFetch(link.replace('PORT', String(forbidden.port)), { maxBytes: 1000, allow: allowOnly127002 }),
    ).rejects.toBeInstanceOf(UnsafeLinkError);
    expect(forbidden.hits).toEqual([]);
  });

  it.each([
    ['scheme', 'file:///etc/passwd'],
    ['scheme', 'ftp://8.8.8.8/video.mp4'],
    ['credentials', 'http://user:pass@8.8.8.8/video.mp4'],
    ['port', 'http://8.8.8.8:25/'],
    ['port', 'http://8.8.8.8:22/'],
    ['malformed', 'not a url'],
  ])('refuses a link with a bad %s: %s', async (reason, link) => {
    await expect(resolvePublic(link)).rejects.toMatchObject({ name: 'UnsafeLinkError', reason });
  });
});

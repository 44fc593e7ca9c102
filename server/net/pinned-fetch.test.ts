import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AddressAllowance } from './address-allowance';
import { LinkTooLargeError } from './link-errors';
import { pinnedFetch } from './pinned-fetch';
import { resolvePublic } from './public-target';
import { fakeDns } from './testing/fake-dns';
import { startLoopbackServer, type LoopbackServer } from './testing/loopback-server';

// Names set in fakeDns resolve to the addresses given (a stand-in for a DNS server we control).
vi.mock('node:dns/promises', async (original) => (await import('./testing/fake-dns')).fakeDnsModule(original));

const allow = new AddressAllowance(['127.0.0.2/32']);
let provider: LoopbackServer;

beforeAll(async () => {
  provider = await startLoopbackServer('127.0.0.2', async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/token') {
      const body = await text(request);
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
      response.end(
        JSON.stringify({
          method: request.method,
          host: request.headers.host,
          type: request.headers['content-type'],
          body,
          query: url.search,
        }),
      );
    } else if (url.pathname === '/moved') {
      response.writeHead(302, { location: 'http://127.0.0.1/admin' });
      response.end();
    } else {
      response.end('x'.repeat(4096));
    }
  });
});

afterAll(() => provider.close());

describe('pinnedFetch: fetch to the addresses resolvePublic checked', () => {
  it('goes to the checked address even when the name answers otherwise a moment later (DNS rebinding), with the Host and body as asked', async () => {
    fakeDns.set('idp.example', ['127.0.0.2']);
    const target = await resolvePublic(`http://idp.example:${provider.port}/token?x=1`, { allow });
    // The name now points at the server's own loopback: a fetch that looked it up again would go there.
    fakeDns.set('idp.example', ['127.0.0.1']);
    const response = await pinnedFetch(target, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'abc' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(await response.json()).toEqual({
      method: 'POST',
      host: `idp.example:${provider.port}`,
      type: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: 'grant_type=authorization_code&code=abc',
      query: '?x=1',
    });
  });

  it('returns a redirect as it is, never following it', async () => {
    fakeDns.set('idp.example', ['127.0.0.2']);
    const response = await pinnedFetch(await resolvePublic(`http://idp.example:${provider.port}/moved`, { allow }));
    expect([response.status, response.headers.get('location')]).toEqual([302, 'http://127.0.0.1/admin']);
  });

  it('refuses an answer larger than allowed', async () => {
    fakeDns.set('idp.example', ['127.0.0.2']);
    const target = await resolvePublic(`http://idp.example:${provider.port}/big`, { allow });
    await expect(pinnedFetch(target, { maxBytes: 1000 })).rejects.toBeInstanceOf(LinkTooLargeError);
    expect(await (await pinnedFetch(target)).text()).toHaveLength(4096);
  });
});

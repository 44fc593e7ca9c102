import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AddressAllowance } from './address-allowance';
import { startGuardProxy, type GuardProxy } from './guard-proxy';
import { startLoopbackServer, type LoopbackServer } from './testing/loopback-server';

const allow = new AddressAllowance(['127.0.0.2/32']);
const body = Buffer.alloc(100_000, 1);
let allowed: LoopbackServer;
let forbidden: LoopbackServer;
let proxy: GuardProxy;

beforeAll(async () => {
  forbidden = await startLoopbackServer('127.0.0.1', (_request, response) => response.end('secret'));
  allowed = await startLoopbackServer('127.0.0.2', (_request, response) => response.end(body));
});
afterAll(async () => {
  await allowed?.close();
  await forbidden?.close();
});
afterEach(async () => proxy?.close());

function viaProxy(target: string): Promise<{ status: number; body: Buffer }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: target, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** CONNECT host:port, then a plain GET through the tunnel; resolves with the tunnel's status and reply. */
function tunnel(authority: string): Promise<{ status: number; reply: string }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'CONNECT', path: authority, agent: false });
    request.on('connect', (response, socket: Socket) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        resolve({ status: response.statusCode ?? 0, reply: '' });
        return;
      }
      let reply = '';
      socket.on('data', (chunk: Buffer) => (reply += chunk.toString('latin1')));
      socket.on('end', () => resolve({ status: 200, reply }));
      socket.write(`GET / HTTP/1.1\r\nHost: ${authority}\r\nConnection: close\r\n\r\n`);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('guard proxy', () => {
  it('relays plain HTTP to an allowed address and refuses a forbidden one', async () => {
    proxy = await startGuardProxy({ allow });
    const ok = await viaProxy(`${allowed.origin}/video`);
    expect(ok.status).toBe(200);
    expect(ok.body.equals(body)).toBe(true);

    const refused = await viaProxy(`${forbidden.origin}/admin`);
    expect(refused.status).toBe(403);
    expect(forbidden.hits).toEqual([]);
    expect(proxy.refusals[0]).toMatch(/127\.0\.0\.1.*loopback/);
  });

  it('refuses the decimal spelling of 127.0.0.1 and requests that are not proxy requests', async () => {
    proxy = await startGuardProxy({ allow });
    expect((await viaProxy(`http://2130706433:${forbidden.port}/`)).status).toBe(403);
    expect((await viaProxy('/relative-path')).status).toBe(403);
    expect(forbidden.hits).toEqual([]);
  });

  it('tunnels CONNECT only to allowed addresses', async () => {
    proxy = await startGuardProxy({ allow });
    const ok = await tunnel(`127.0.0.2:${allowed.port}`);
    expect(ok.status).toBe(200);
    expect(ok.reply).toMatch(/^HTTP\/1\.1 200/);

    expect((await tunnel(`127.0.0.1:${forbidden.port}`)).status).toBe(403);
    expect((await tunnel(`[::ffff:127.0.0.1]:${forbidden.port}`)).status).toBe(403);
    expect((await tunnel(`0x7f.1:${forbidden.port}`)).status).toBe(403);
    expect(forbidden.hits).toEqual([]);
  });

  it('refuses everything on loopback when no allowance is configured', async () => {
    proxy = await startGuardProxy();
    expect((await viaProxy(`${allowed.origin}/video`)).status).toBe(403);
    expect((await tunnel(`127.0.0.2:${allowed.port}`)).status).toBe(403);
  });

  it('stops relaying past its byte budget and says so', async () => {
    let exceeded = 0;
    proxy = await startGuardProxy({ allow, budgetBytes: 150_000, onBudgetExceeded: () => (exceeded += 1) });
    await viaProxy(`${allowed.origin}/video`);
    await viaProxy(`${allowed.origin}/video`).catch(() => undefined);
    expect(exceeded).toBe(1);
    expect(proxy.relayedBytes()).toBeLessThan(250_000);
  });
});

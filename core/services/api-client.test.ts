// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxiosApiClient, ApiError } from './api-client';
import { CSRF_COOKIE } from '../common/csrf';
import { PageCsrfTokenSource } from './csrf-token';
import type { CookieService } from './cookie-service';

/** A real HTTP server on loopback that echoes what it received, so the client is tested over the wire. */
let server: Server;
let baseURL: string;
const seen: { method?: string; url?: string; csrf?: string | string[] }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method, url: req.url, csrf: req.headers['x-csrf-token'] });
    if (req.url === '/fail') {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'Current password is incorrect',
          code: 'current_password_incorrect',
          field: 'currentPassword',
        }),
      );
      return;
    }
    if (req.url === '/crash') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('oops');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function cookies(initial: Record<string, string> = {}): CookieService & { jar: Record<string, string> } {
  const jar = { ...initial };
  return { jar, get: (n) => jar[n] ?? null, set: (n, v) => void (jar[n] = v), remove: (n) => void delete jar[n] };
}

const metaDoc = (token: string) => ({ querySelector: () => ({ content: token }) }) as unknown as Document;

describe('AxiosApiClient', () => {
  it('sends the meta-tag CSRF token on writes only', async () => {
    seen.length = 0;
    const client = new AxiosApiClient(new PageCsrfTokenSource(cookies(), metaDoc('from-meta'), {}), baseURL);
    await client.get('/a');
    await client.post('/b', { x: 1 });
    await client.put('/c', {});
    await client.delete('/d', { ids: [1] });
    expect(seen.map((s) => [s.method, s.csrf])).toEqual([
      ['GET', undefined],
      ['POST', 'from-meta'],
      ['PUT', 'from-meta'],
      ['DELETE', 'from-meta'],
    ]);
  });

  it('falls back to the page global, and refreshes from the token cookie after log-in', async () => {
    seen.length = 0;
    const jar = cookies();
    const csrf = new PageCsrfTokenSource(jar, null, { __POLYCUE__: { csrfToken: 'from-global' } });
    const client = new AxiosApiClient(csrf, baseURL);
    await client.post('/one');
    jar.jar[CSRF_COOKIE] = 'after-login';
    csrf.refresh();
    await client.post('/two');
    expect(seen.map((s) => s.csrf)).toEqual(['from-global', 'after-login']);
  });

  it('normalises server errors into ApiError with message, code and field', async () => {
    const client = new AxiosApiClient(new PageCsrfTokenSource(cookies(), null, {}), baseURL);
    const error = await client.put('/fail', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Current password is incorrect',
      code: 'current_password_incorrect',
      field: 'currentPassword',
    });
    const crash = await client.get('/crash').catch((e: unknown) => e);
    expect(crash).toMatchObject({ status: 500 });
  });

  it('reports an unreachable server as status 0 with a readable message', async () => {
    const client = new AxiosApiClient(new PageCsrfTokenSource(cookies(), null, {}), 'http://127.0.0.1:9');
    const error = await client.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: 'The server could not be reached' });
  });
});

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { collectMigrations, migrate } from '../../server/db/migrator';
import { PgDatabase } from '../../server/db/pg-database';
import { PgliteDatabase } from '../../server/db/pglite-database';
import { CSRF_COOKIE } from '../../core/common/csrf';
import { defineServerPlugin, PLUGIN_API_MAJOR, type ServerPlugin } from '../../server/plugin-api';
import { SESSION_COOKIE } from '../../server/http/sessions';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';

/** A test-only feature exercising the host: schema-validated routes, access levels, a job, a mail, storage. */
function infraTestPlugin(): ServerPlugin & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    ...defineServerPlugin({
      id: 'infra-test',
      apiVersion: PLUGIN_API_MAJOR,
      migrations: [
        {
          id: '209901010000_infra_test_notes',
          sql: 'CREATE TABLE infra_notes (id serial PRIMARY KEY, body text NOT NULL);\nCREATE INDEX infra_notes_body_idx ON infra_notes (body);',
        },
      ],
      jobs: [
        {
          name: 'infra-test.record',
          async handler(data: { body: string }, { db }) {
            await db.query('INSERT INTO infra_notes (body) VALUES ($1)', [data.body]);
            seen.push(data.body);
          },
        },
      ],
      async routes(app) {
        app.post<{ Body: { user: { email: string; age?: number } } }>(
          '/api/test/echo',
          {
            config: { access: 'public' },
            schema: {
              body: {
                type: 'object',
                required: ['user'],
                properties: {
                  user: {
                    type: 'object',
                    required: ['email'],
                    properties: { email: { type: 'string', minLength: 3 }, age: { type: 'integer' } },
                  },
                },
              },
            },
          },
          async (request) => ({ echoed: request.body.user }),
        );
        app.post('/api/test/login', { config: { access: 'public', authRateLimit: true } }, async (request, reply) => {
          const { rows } = await app.db.query<{ id: string }>(
            `INSERT INTO users (email, password_hash, confirmed_at) VALUES ($1, 'x', now()) RETURNING id::text AS id`,
            [`u${Date.now()}${Math.random()}@example.com`],
          );
          await app.replaceSession(request, reply, rows[0].id);
          return { ok: true };
        });
        app.delete('/api/test/logout', { config: { access: 'user' } }, async (request, reply) => {
          await app.replaceSession(request, reply, null);
          return { ok: true };
        });
        app.get<{ Querystring: { page: number; email?: string } }>(
          '/api/test/pages',
          {
            config: { access: 'public' },
            schema: {
              querystring: {
                type: 'object',
                properties: { page: { type: 'integer', minimum: 1 }, email: { type: 'string', format: 'email' } },
              },
            },
          },
          async (request) => ({ page: request.query.page }),
        );
        // Default access (member); a user-level route, so it says so (server/authz refuses silence).
        app.get('/api/test/me', { config: { tenant: 'none' } }, async (request) => ({ user: request.currentUser }));
        app.post('/api/test/member-write', { config: { tenant: 'none' } }, async () => ({ ok: true }));
        app.post('/api/test/limited', { config: { access: 'public', authRateLimit: true } }, async () => ({
          ok: true,
        }));
        app.post<{ Body: { body: string } }>('/api/test/jobs', { config: { access: 'public' } }, async (request) => {
          await app.jobs.send('infra-test.record', { body: request.body.body });
          return { queued: true };
        });
        app.post<{ Body: { to: string } }>('/api/test/mail', { config: { access: 'public' } }, async (request) => {
          await app.mailer.enqueue({
            to: request.body.to,
            subject: 'Confirmation instructions',
            text: `Welcome <friend>!\nConfirm here: ${app.config.publicUrl}/users/confirmation?confirmation_token=abc&x=1\n`,
          });
          return { queued: true };
        });
        app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
          throw new Error('secret internals');
        });
      },
    }),
  };
}

function suite(ctx: TestAppContext, plugin: ReturnType<typeof infraTestPlugin>) {
  it('serves index.html with the CSRF token in the meta tag and sets both cookies', async () => {
    const browser = ctx.client({ visit: false });
    const res = await browser.visit('/some/page');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(res.text)?.[1];
    expect(token).toBeTruthy();
    expect(res.cookies[CSRF_COOKIE]).toBe(token);
    expect(res.cookies[SESSION_COOKIE]).toBeTruthy();
    const config = /<script type="application\/json" id="polycue-config">(.*?)<\/script>/.exec(res.text)?.[1];
    expect(JSON.parse(config!)).toMatchObject({ csrfToken: token, env: 'test' });
    // Reloading keeps the same session and token.
    const again = await browser.visit('/');
    expect(/<meta name="csrf-token" content="([^"]+)"/.exec(again.text)?.[1]).toBe(token);
  });

  it('sends security headers', async () => {
    const res = await ctx.client().visit('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses writes without the right CSRF token and accepts the right one', async () => {
    const browser = ctx.client();
    const body = { user: { email: 'a@example.com' } };
    const missing = await browser.post('/api/test/echo', body, { csrfToken: null });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: 'invalid_csrf_token',
      message: 'Invalid authenticity token',
    });
    const wrong = await browser.post('/api/test/echo', body, { csrfToken: 'x'.repeat(43) });
    expect(wrong.status).toBe(403);
    // Another browser's token is not this session's token.
    const other = ctx.client();
    await other.visit('/');
    expect((await browser.post('/api/test/echo', body, { csrfToken: other.csrfToken })).status).toBe(403);
    const ok = await browser.post('/api/test/echo', body);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ echoed: { email: 'a@example.com' } });
  });

  it('parses Devise-style form posts into the same schema', async () => {
    const res = await ctx.client().postForm('/api/test/echo', { 'user[email]': 'form@example.com', 'user[age]': '7' });
    expect(res.status).toBe(400); // age stays a string in a form: no silent coercion
    const ok = await ctx.client().postForm('/api/test/echo', { 'user[email]': 'form@example.com' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ echoed: { email: 'form@example.com' } });
  });

  it('answers bad input with a 4xx naming the problem, never a 500', async () => {
    const browser = ctx.client();
    const missing = await browser.post('/api/test/echo', { user: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ statusCode: 400, message: 'user.email is required', field: 'user.email' });
    const wrongType = await browser.post('/api/test/echo', { user: { email: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('user.email must be a string');
    const malformed = await browser.post('/api/test/echo', '{"user": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Request body is not valid JSON');
    const media = await browser.post('/api/test/echo', 'hello', { headers: { 'content-type': 'text/csv' } });
    expect(media.status).toBe(415);
    const huge = await browser.post('/api/test/echo', { user: { email: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
  });

  it('reads typed query strings and checks formats', async () => {
    const browser = ctx.client();
    expect((await browser.get('/api/test/pages?page=2')).body).toEqual({ page: 2 });
    const bad = await browser.get('/api/test/pages?page=zero');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('page must be a whole number');
    const email = await browser.get('/api/test/pages?email=nope');
    expect(email.status).toBe(400);
    expect(email.body.message).toBe('email must be a valid email');
  });

  it('hides internals of unexpected errors', async () => {
    const res = await ctx.client().get('/api/test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'internal',
      message: 'Something went wrong',
    });
    expect(res.text).not.toContain('secret');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.client().get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('serves a page to a browser and to a generic client (curl asks for */*), a JSON 404 to a JSON client', async () => {
    for (const accept of ['text/html,application/xhtml+xml', '*/*', undefined]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/profile', headers: accept ? { accept } : {} });
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<meta name="csrf-token"');
    }
    const json = await ctx.app.inject({ method: 'GET', url: '/profile', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ statusCode: 404 });
  });

  // docs/plugins.md promises this order: the CSRF check (server/http/csrf.ts) runs before the
  // access check (server/http/access.ts), so a write without the header never learns whether it
  // needed a log-in.
  it('answers an anonymous write without the CSRF header 403, and with the header 401', async () => {
    const noSession = await ctx.client({ visit: false }).post('/api/test/member-write', {}, { csrfToken: null });
    expect(noSession.status).toBe(403);
    expect(noSession.body).toMatchObject({ code: 'invalid_csrf_token' });
    const anonymous = ctx.client();
    const withoutHeader = await anonymous.post('/api/test/member-write', {}, { csrfToken: null });
    expect(withoutHeader.status).toBe(403);
    expect(withoutHeader.body).toMatchObject({ code: 'invalid_csrf_token' });
    const withHeader = await anonymous.post('/api/test/member-write', {});
    expect(withHeader.status).toBe(401);
    expect(withHeader.body).toMatchObject({ code: 'unauthenticated' });
  });

  it('requires a session for member routes and replaces the session on log-in and log-out', async () => {
    const browser = ctx.client();
    const anonymous = await browser.get('/api/test/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({
      code: 'unauthenticated',
      message: 'You need to sign in or sign up before continuing.',
    });

    const anonymousCookie = browser.cookies.get(SESSION_COOKIE);
    const anonymousToken = browser.csrfToken;
    const login = await browser.post('/api/test/login');
    expect(login.status).toBe(200);
    expect(login.cookies[SESSION_COOKIE]).toBeTruthy();
    expect(login.cookies[SESSION_COOKIE]).not.toBe(anonymousCookie);
    expect(login.cookies[CSRF_COOKIE]).toBeTruthy();
    expect(login.cookies[CSRF_COOKIE]).not.toBe(anonymousToken);
    const loggedInCookie = browser.cookies.get(SESSION_COOKIE)!;
    expect((await browser.get('/api/test/me')).body.user).toMatchObject({ confirmed: true });
    // The old anonymous token no longer works for writes.
    expect(
      (await browser.post('/api/test/echo', { user: { email: 'a@b.c' } }, { csrfToken: anonymousToken })).status,
    ).toBe(403);

    const logout = await browser.delete('/api/test/logout');
    expect(logout.status).toBe(200);
    expect(logout.cookies[CSRF_COOKIE]).toBeTruthy();
    expect((await browser.get('/api/test/me')).status).toBe(401);

    // A stolen copy of the logged-in cookie is dead after log-out.
    const thief = ctx.client({ visit: false });
    thief.cookies.set(SESSION_COOKIE, loggedInCookie);
    expect((await thief.get('/api/test/me')).status).toBe(401);
    const { rows } = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id IS NOT NULL',
    );
    expect(rows[0].n).toBe(0);
  });

  it('ignores expired sessions and gives the browser a new one', async () => {
    const browser = ctx.client();
    expect((await browser.post('/api/test/login')).status).toBe(200);
    expect((await browser.get('/api/test/me')).status).toBe(200);
    await ctx.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE csrf_token = $1`, [
      browser.csrfToken,
    ]);
    expect((await browser.get('/api/test/me')).status).toBe(401);
    const oldToken = browser.csrfToken;
    const page = await browser.visit('/');
    expect(page.cookies[SESSION_COOKIE]).toBeTruthy();
    expect(browser.csrfToken).not.toBe(oldToken);
  });

  it('refuses unconfirmed users on member routes', async () => {
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash) VALUES ('unconfirmed@example.com', 'x') RETURNING id::text AS id`,
    );
    const browser = ctx.client();
    await browser.visit('/');
    // Log the browser in through the session API directly, as the auth plugin does.
    await ctx.db.query('UPDATE sessions SET user_id = $1 WHERE csrf_token = $2', [rows[0].id, browser.csrfToken]);
    const res = await browser.get('/api/test/me');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'unconfirmed',
      message: 'You have to confirm your email address before continuing.',
    });
  });

  it('runs a job through pg-boss', async () => {
    const body = `note-${Math.random()}`;
    const res = await ctx.client().post('/api/test/jobs', { body });
    expect(res.status).toBe(200);
    await ctx.runJobs();
    const { rows } = await ctx.db.query<{ body: string }>('SELECT body FROM infra_notes WHERE body = $1', [body]);
    expect(rows).toHaveLength(1);
    expect(plugin.seen).toContain(body);
  });

  it('writes an enqueued mail to the outbox and lists it on /dev/outbox with links', async () => {
    const to = `mail-${Math.random().toString(36).slice(2)}@example.com`;
    expect((await ctx.client().post('/api/test/mail', { to })).status).toBe(200);
    const mail = await ctx.waitForMail((m) => m.to === to);
    expect(mail.subject).toBe('Confirmation instructions');
    expect(mail.links).toEqual(['http://localhost:3000/users/confirmation?confirmation_token=abc&x=1']);
    const files = await readdir(path.join(ctx.config.dataDir, 'outbox'));
    expect(files.some((f) => f.endsWith('-confirmation-instructions-' + mail.file.slice(-8, -4) + '.eml'))).toBe(true);

    const browser = ctx.client({ visit: false });
    const list = await browser.get('/dev/outbox', { headers: { accept: 'text/html' } });
    expect(list.status).toBe(200);
    expect(list.text).toContain(to);
    expect(list.text).toContain(`href="/dev/outbox/${mail.file}"`);
    const page = await browser.get(`/dev/outbox/${mail.file}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Welcome &lt;friend&gt;!');
    expect(page.text).toContain(
      '<a href="http://localhost:3000/users/confirmation?confirmation_token=abc&amp;x=1" rel="noopener">',
    );
    expect((await browser.get('/dev/outbox/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('stores files, serves public avatars and refuses path traversal', async () => {
    const storage = ctx.app.storage;
    await storage.put('avatars/1/face.png', Buffer.from('PNGDATA'), 'image/png');
    await storage.put('private/doc.txt', Buffer.from('secret'), 'text/plain');
    const browser = ctx.client({ visit: false });
    const avatar = await browser.get(storage.urlFor('avatars/1/face.png'));
    expect(avatar.status).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(avatar.text).toBe('PNGDATA');
    expect((await browser.get('/files/private/doc.txt')).status).toBe(404);
    expect((await browser.get('/files/avatars/..%2Fprivate%2Fdoc.txt')).status).toBe(404);
    expect((await browser.get('/files/avatars/../private/doc.txt')).status).toBe(404);
    await expect(storage.put('../outside.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.put('/etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get('avatars/../../x')).rejects.toThrow(/Invalid storage key/);
  });
}

const plugin = infraTestPlugin();
describeOnBothDatabases('server infrastructure', { plugins: [plugin] }, (ctx) => suite(ctx, plugin));

describeOnBothDatabases(
  'auth rate limit',
  { plugins: [infraTestPlugin()], config: { authRateLimitPerMinute: 3 } },
  (ctx) => {
    it('answers 429 after the limit, counting every auth route together', async () => {
      const browser = ctx.client();
      for (let i = 0; i < 2; i++) expect((await browser.post('/api/test/limited')).status).toBe(200);
      expect((await browser.post('/api/test/login')).status).toBe(200);
      const limited = await browser.post('/api/test/limited');
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('Too many attempts. Please wait a minute and try again.');
      // Routes without authRateLimit are not limited.
      expect((await browser.post('/api/test/echo', { user: { email: 'a@b.c' } })).status).toBe(200);
    });
  },
);

describe('config', () => {
  it('names the variable that is wrong', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ ROLE: 'boss' })).toThrow(/ROLE/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({}).port).toBe(3000);
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });
});

describe('processes sharing one PostgreSQL database', () => {
  async function withDatabase(fn: (url: string) => Promise<void>) {
    const adminUrl = inject('postgresUrl');
    const name = `polycue_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      await fn(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }

  it('apply each migration once when two start together', async () => {
    await withDatabase(async (url) => {
      const a = new PgDatabase(url, { max: 2 });
      const b = new PgDatabase(url, { max: 2 });
      const migrations = collectMigrations([infraTestPlugin()]);
      try {
        const [first, second] = await Promise.all([migrate(a, migrations), migrate(b, migrations)]);
        expect([...first, ...second].sort()).toEqual(migrations.map((m) => m.id).sort());
        expect(await migrate(a, migrations)).toEqual([]);
        const { rows } = await a.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
        expect(rows[0].n).toBe(migrations.length);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });

  it('ROLE=web sends jobs that a ROLE=worker process works', async () => {
    await withDatabase(async (url) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-roles-'));
      const webPlugin = infraTestPlugin();
      const workerPlugin = infraTestPlugin();
      const base = { ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }), databaseUrl: url };
      const webDb = new PgDatabase(url, { max: 3 });
      const workerDb = new PgDatabase(url, { max: 3 });
      const web = await buildApp({ config: { ...base, role: 'web' }, db: webDb, plugins: [webPlugin] });
      const worker = await buildApp({ config: { ...base, role: 'worker' }, db: workerDb, plugins: [workerPlugin] });
      try {
        await web.jobs.send('infra-test.record', { body: 'from-web' });
        const deadline = Date.now() + 10_000;
        while (!workerPlugin.seen.includes('from-web') && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 100));
        expect(workerPlugin.seen).toEqual(['from-web']);
        expect(webPlugin.seen).toEqual([]);
      } finally {
        await web.close();
        await worker.close();
        await webDb.close();
        await workerDb.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });

  it('refuse ROLE=worker on the embedded database with a clear message', async () => {
    const db = await PgliteDatabase.open(null);
    try {
      const config = { ...loadConfig({ DATA_DIR: tmpdir() }), role: 'worker' as const };
      await expect(buildApp({ config, db, plugins: [] })).rejects.toThrow(
        'ROLE=worker needs DATABASE_URL: the embedded database lives inside one process',
      );
    } finally {
      await db.close();
    }
  });
});

describe('built browser files', () => {
  it('serves dist/index.html with the token and hashed assets with a long cache', async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'polycue-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<html><head><meta name="csrf-token" content="" /><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>',
    );
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("built")');
    const db = await PgliteDatabase.open(null);
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: distDir, NODE_ENV: 'production' }),
      db,
      plugins: [],
      distDir,
    });
    try {
      const page = await app.inject({ url: '/users/sign_in', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('/assets/index-abc123.js');
      expect(page.body).toMatch(/<meta name="csrf-token" content="[\w-]{20,}" \/>/);
      const asset = await app.inject({ url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log("built")');
      expect(asset.headers['cache-control']).toContain('immutable');
      const missing = await app.inject({ url: '/assets/nope.js', headers: { accept: 'text/html' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/json/);
    } finally {
      await app.close();
      await db.close();
      await rm(distDir, { recursive: true, force: true });
    }
  });
});

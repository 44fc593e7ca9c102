/**
 * HTTP test support: the real app (buildApp) on both databases, driven through `app.inject`.
 *
 *   import { describeOnBothDatabases } from '../../tests/support/test-app';
 *
 *   describeOnBothDatabases('sign-in', (ctx) => {
 *     it('logs in', async () => {
 *       const browser = ctx.client();                  // TestClient, see test-client.ts
 *       const res = await browser.post('/users/sign_in', { user: { email, password } });
 *       expect(res.status).toBe(200);
 *       const mail = await ctx.waitForMail((m) => m.to === email && /Confirm/.test(m.subject));
 *       await browser.get(new URL(mail.links[0]).pathname + new URL(mail.links[0]).search);
 *     });
 *   });
 *
 *   describeOnBothDatabases('rate limit', { config: { authRateLimitPerMinute: 3 } }, (ctx) => { ... });
 *
 * The suite body runs twice: `[pglite]` (in-memory PGlite, one per suite) and `[postgres]` (a
 * fresh database `polycue_test_<random>` on the server tests/support/global-setup.ts started).
 * Each run gets its own temp DATA_DIR (outbox, files), migrations applied, the job queue working
 * in-process (ROLE all). Everything is closed and removed after the suite.
 *
 * ctx (use inside hooks and tests, not at describe time):
 *   ctx.kind            'pglite' | 'postgres'
 *   ctx.app             the FastifyInstance (app.db, app.config, app.jobs, app.mailer, app.storage, ...)
 *   ctx.db              the Database (query/exec/transaction) to arrange or inspect rows
 *   ctx.config          the AppConfig the app runs with
 *   ctx.client(opts?)   new TestClient: own cookie jar; visits `/` before its first call (opts.visit
 *                       false: don't); get/post/put/patch/delete(path, json?, { headers, csrfToken })
 *                       postForm(path, fields), postMultipart(path, { fields, files: [{ field,
 *                       filename, contentType, content }] }) -> { status, body (JSON parsed), text,
 *                       headers, cookies (set by that response) }; client.csrfToken, client.cookies
 *   ctx.outbox()        mails in DATA_DIR/outbox so far, oldest first:
 *                       { file, from, to, subject, date, text, html, links[] }
 *   ctx.waitForMail(p)  polls (up to 10 s) for the newest mail matching predicate p (mail goes
 *                       through the job queue, so it is not there when the request returns)
 *   ctx.runJobs()       waits until no due job is waiting or running
 *
 * Options: { plugins?: ServerPlugin[] (default: server/plugins.ts), config?: Partial<AppConfig> }.
 * authRateLimitPerMinute defaults to 100000 here; pass a low one to test the limit. undoDeleteSeconds
 * defaults to 0 (deleted versions are purged at once); pass more to test undoing a delete.
 *
 * Caveat (PGlite is one connection): inside `db.transaction(fn)` use only the `tx` given to fn;
 * do not call app.jobs.send / app.mailer.enqueue inside it (enqueue after it commits).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { PgDatabase } from '../../server/db/pg-database';
import { PgliteDatabase } from '../../server/db/pglite-database';
import type { AppConfig } from '../../server/http/request-context';
import { listOutbox, type OutboxMail } from '../../server/mail/outbox';
import type { ServerPlugin } from '../../server/plugin-api';
import type { ExternalWebAsset } from '../../server/external-plugins';
import { createScratchDatabase } from './scratch-database';
import { TestClient } from './test-client';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestAppOptions {
  plugins?: ServerPlugin[];
  /** Web entries of outside plugins (server/external-plugins.ts): the page then carries the import map. */
  webPlugins?: ExternalWebAsset[];
  /** Server halves of outside plugins (migrated after Polycue's; one that fails is left out). */
  outsidePlugins?: ServerPlugin[];
  /** Where a left-out outside plugin is reported. */
  reportPluginError?: (message: string) => void;
  config?: Partial<AppConfig>;
}

export interface TestAppContext {
  readonly kind: DatabaseKind;
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly config: AppConfig;
  client(options?: { visit?: boolean }): TestClient;
  outbox(): Promise<OutboxMail[]>;
  waitForMail(predicate: (mail: OutboxMail) => boolean, timeoutMs?: number): Promise<OutboxMail>;
  runJobs(timeoutMs?: number): Promise<void>;
}

export interface TestApp extends TestAppContext {
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function defaultPlugins(): Promise<ServerPlugin[]> {
  return (await import('../../server/plugins')).serverPlugins;
}

let migratedDump: Promise<Blob | undefined> | null = null;
/** The migrated PGlite data folder of this run, read once per test process. */
function pgliteMigratedDump(): Promise<Blob | undefined> {
  const file = inject('pgliteMigratedDump');
  migratedDump ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return migratedDump;
}

/** Builds one app on a fresh database; `describeOnBothDatabases` wraps this in hooks. */
export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-test-'));
  let dropDatabase = async () => {};
  let db: Database;
  let databaseUrl: string | null = null;
  // The default plugins start from a database their migrations already ran on (migrated-starts.ts);
  // a suite with plugins of its own migrates from empty, as the app does.
  const migratedStart = !options.plugins;
  if (kind === 'postgres') {
    const template = migratedStart ? inject('postgresTemplate') : null;
    const scratch = await createScratchDatabase(inject('postgresUrl'), 'polycue_test', template ?? undefined);
    databaseUrl = scratch.url;
    db = new PgDatabase(databaseUrl, { max: 5 });
    dropDatabase = scratch.drop;
  } else {
    db = await PgliteDatabase.open(null, migratedStart ? await pgliteMigratedDump() : undefined);
  }

  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' }),
    databaseUrl,
    authRateLimitPerMinute: 100_000,
    // Deleted versions are purged at once unless a test is about undoing a delete.
    undoDeleteSeconds: 0,
    ...options.config,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      db,
      plugins: options.plugins ?? (await defaultPlugins()),
      outsidePlugins: options.outsidePlugins,
      reportPluginError: options.reportPluginError,
      webPlugins: options.webPlugins,
      logger: process.env.POLYCUE_TEST_LOG ? { level: process.env.POLYCUE_TEST_LOG } : false,
    });
    await app.ready();
  } catch (error) {
    await db.close();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  const outbox = async () => (await listOutbox(path.join(config.dataDir, 'outbox'))).reverse();
  return {
    kind,
    app,
    db,
    config,
    client: (clientOptions) => new TestClient(app, clientOptions),
    outbox,
    async waitForMail(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = (await outbox()).reverse().find(predicate);
        if (match) return match;
        if (Date.now() > deadline) throw new Error(`No matching mail within ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    async runJobs(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
        );
        if (rows[0].n === 0) return;
        if (Date.now() > deadline) throw new Error(`Jobs still pending after ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    async close() {
      try {
        await app.close();
      } finally {
        await db.close();
        await dropDatabase();
        // Retried: a file still being written as the folder goes (ENOTEMPTY) is removed on the next pass.
        await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      }
    },
  };
}

/** Runs the suite on in-memory PGlite and on a fresh PostgreSQL database. */
export function describeOnBothDatabases(title: string, body: (ctx: TestAppContext) => void): void;
export function describeOnBothDatabases(
  title: string,
  options: TestAppOptions,
  body: (ctx: TestAppContext) => void,
): void;
export function describeOnBothDatabases(
  title: string,
  optionsOrBody: TestAppOptions | ((ctx: TestAppContext) => void),
  maybeBody?: (ctx: TestAppContext) => void,
): void {
  const options = typeof optionsOrBody === 'function' ? {} : optionsOrBody;
  const body = typeof optionsOrBody === 'function' ? optionsOrBody : maybeBody!;
  for (const kind of ['pglite', 'postgres'] as const) {
    describe(`${title} [${kind}]`, () => {
      let current: TestApp | null = null;
      const need = (): TestApp => {
        if (!current) throw new Error('The test app is not started: use ctx inside hooks and tests only');
        return current;
      };
      const ctx: TestAppContext = {
        kind,
        get app() {
          return need().app;
        },
        get db() {
          return need().db;
        },
        get config() {
          return need().config;
        },
        client: (o) => need().client(o),
        outbox: () => need().outbox(),
        waitForMail: (p, t) => need().waitForMail(p, t),
        runJobs: (t) => need().runJobs(t),
      };
      beforeAll(async () => {
        current = await startTestApp(kind, options);
      });
      afterAll(async () => {
        await current?.close();
        current = null;
      });
      body(ctx);
    });
  }
}

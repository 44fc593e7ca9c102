import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { PgliteDatabase } from '../db/pglite-database';
import { serverPlugins } from '../plugins';

/**
 * The OpenAPI document `GET /api/openapi.json` serves, without a server listening: the app built
 * in this process on an in-memory database (every migration runs; nothing is written anywhere
 * but a temporary data folder, removed after). The plugins are those of this tree
 * (server/plugins.ts), so a tree without an optional plugin describes the API without it.
 * scripts/generate-cli-types.mjs turns it into the CLI's types (docs/cli.md).
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-openapi-'));
  const db = await PgliteDatabase.open(null);
  try {
    // As the HTTP tests build it (tests/support/test-app.ts): only this environment, none of the caller's.
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' });
    const app = await buildApp({ config, db, plugins: serverPlugins, logger: false });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

#!/usr/bin/env node
/**
 * `npm start`: everything a fresh machine needs, then the production server in the foreground.
 * npm dependencies -> Debian packages of the engines -> `vite build` when dist/ is stale ->
 * on the first start, the embedded database created in its own process (lib/database.mjs) ->
 * server/main.ts (which applies pending migrations before it listens). PORT, HOST, DATA_DIR and
 * the rest of the environment pass through (docs/configuration.md).
 */
import { buildIfStale } from './lib/build.mjs';
import { serveProduction } from './lib/serve-production.mjs';
import { APP_PACKAGES, ensureNodeModules, ensureSystemPackages } from './lib/setup.mjs';

await ensureNodeModules();
await ensureSystemPackages(APP_PACKAGES);
await buildIfStale();

await serveProduction('start');

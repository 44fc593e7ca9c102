#!/usr/bin/env node
/**
 * `npm run serve`: the production server on what is already installed and built, nothing else
 * (no npm or apt-get install, no build): for a second server on the same checkout, a plugin
 * author trying a plugin (PLUGINS_DIR=… npm run serve), or a machine set up by `npm start`
 * before. Same environment as `npm start` (docs/configuration.md).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveProduction } from './lib/serve-production.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'node_modules')) || !existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error(
    '[serve] Nothing installed or built yet: run `npm start` once (it installs and builds), then `npm run serve`.',
  );
  process.exit(1);
}
await serveProduction('serve');

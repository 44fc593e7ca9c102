#!/usr/bin/env node
/**
 * `npm run cli:types`: writes cli/generated/api-types.ts, the CLI's types, from the OpenAPI
 * document of the app in this tree, built in this process (no port, an in-memory database).
 * A route whose schema changes changes these types, and the CLI's typecheck says where it breaks.
 * `--if-missing`: only when the file is not there yet.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { CLI_TYPES_FILE, cliTypesSource } from './lib/cli-types.mjs';

// This tree, not the one the script was found in (the plugin-removal copies run it from theirs).
const root = fileURLToPath(new URL('../', import.meta.url));
const file = path.join(root, CLI_TYPES_FILE);
if (process.argv.includes('--if-missing') && existsSync(file)) process.exit(0);

register();
const started = performance.now();
const { openApiDocument } = await import('../server/cli/openapi-document.ts');
const source = await cliTypesSource(await openApiDocument());
mkdirSync(path.dirname(file), { recursive: true });
// Written beside, then renamed: a typecheck running meanwhile never reads half a file.
writeFileSync(`${file}.tmp`, source);
renameSync(`${file}.tmp`, file);
console.log(
  `[cli:types] ${path.relative(root, file)} from the app's OpenAPI document in ${Math.round(performance.now() - started)} ms`,
);
// Whatever the app left behind (timers of libraries it loaded) must not keep a set-up step waiting.
process.exit(0);

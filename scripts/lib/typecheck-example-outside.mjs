/**
 * Types examples/hello-plugin the way an outside author does (docs/plugins.md, section 7): the
 * example copied to a folder OUTSIDE this checkout, its tsconfig's relative paths (`../../`)
 * changed to this checkout's absolute path, and nothing else. Typing it in place cannot catch a
 * tsconfig that only works inside the Polycue folder (node_modules found by walking up from the
 * example; TS2688 for `@fastify/cookie` once it is elsewhere).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, localBin, run } from './process.mjs';

/** @returns {Promise<{ code: number }>} */
export async function typecheckExampleOutside() {
  const outside = mkdtempSync(path.join(tmpdir(), 'polycue-outside-plugin-'));
  try {
    cpSync(path.join(REPO_ROOT, 'examples', 'hello-plugin'), outside, {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|dist)$/.test(source),
    });
    const tsconfig = path.join(outside, 'tsconfig.json');
    const polycue = REPO_ROOT.replace(/[\\/]$/, '');
    writeFileSync(tsconfig, readFileSync(tsconfig, 'utf8').replaceAll('../../', `${polycue}/`));
    console.log(`examples/hello-plugin copied to ${outside}, typed against ${polycue}`);
    return await run(localBin('tsc'), ['--noEmit', '-p', tsconfig], { cwd: outside });
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
}

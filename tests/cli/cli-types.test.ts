import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { cliTypesSource } from '../../scripts/lib/cli-types.mjs';
import { openApiDocument } from '../../server/cli/openapi-document';

/**
 * The CLI's types are generated from the app's OpenAPI document (scripts/generate-cli-types.mjs,
 * docs/cli.md), and every route the CLI calls is named there as the document names it. Here the
 * generator runs on the app of this tree, and each `'/api/v1/…'` the CLI's code names must be one
 * of the paths of its output: a route renamed or removed on the server, or a CLI call to a route
 * that was never documented, fails here (and in the typecheck, through `PolycueApi.call`).
 *
 * @needs-plugins api-tokens (the CLI asks `GET /api/v1/api_tokens/current` who its token is)
 */
const CLI_DIR = path.resolve('cli');
/** A path as a code literal (quotes, not the backticks of comments). */
const API_PATH_LITERAL = /['"](\/api\/v1\/[^'"\s]*)['"]/g;

function cliSources(dir = CLI_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : cliSources(file);
    return /\.(ts|mjs)$/.test(entry.name) ? [file] : [];
  });
}

/** path -> the CLI files that name it. */
function pathsTheCliCalls(): Map<string, string[]> {
  const called = new Map<string, string[]>();
  for (const file of cliSources()) {
    for (const match of readFileSync(file, 'utf8').matchAll(API_PATH_LITERAL)) {
      called.set(match[1], [...(called.get(match[1]) ?? []), path.relative(process.cwd(), file)]);
    }
  }
  return called;
}

it('the generated types of the current app name every /api/v1 path the CLI calls', { timeout: 120_000 }, async () => {
  const source = await cliTypesSource(await openApiDocument());
  expect(source).toMatch(/^export interface paths \{$/m);

  const called = pathsTheCliCalls();
  // The scan finds the recipe's calls (docs/cli.md): were it blind, the check below would pass on nothing.
  expect([...called.keys()]).toEqual(
    expect.arrayContaining([
      '/api/v1/api_tokens/current',
      '/api/v1/accounts/{accountId}/show_workspaces',
      '/api/v1/project_versions',
      '/api/v1/uploads/',
      '/api/v1/elements/create_with_project',
      '/api/v1/elements/youtube_dl_with_project',
      '/api/v1/project_versions/setup',
      '/api/v1/project_versions/setup_tts',
      '/api/v1/project_versions/{projectVersionId}/show_current_processing_step',
      '/api/v1/project_versions/download_subtitles',
    ]),
  );
  const missing = [...called]
    .filter(([apiPath]) => !source.includes(`\n  "${apiPath}": {\n`))
    .map(([apiPath, files]) => `${apiPath} (called in ${files.join(', ')})`);
  expect(missing, 'paths the CLI calls that the OpenAPI document does not have').toEqual([]);
});

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * Every link between the repository's Markdown files (README.md, docs/) leads somewhere: the file
 * or folder exists and, for `file.md#part`, the file has a heading with that anchor (GitHub's
 * rule: lower case, punctuation dropped, spaces to hyphens, `-1` for a repeated one). Links to
 * other sites are not fetched.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function markdownFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--', '*.md'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && !file.includes('node_modules/'));
}

/** Text outside fenced code blocks: a link-looking string in an example is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const broken: string[] = [];
  const text = prose(source).replace(/`[^`\n]*`/g, '');
  for (const [, target] of text.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:, …
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    const resolved = pathPart
      ? path.join(path.dirname(path.join(ROOT, file)), decodeURI(pathPart))
      : path.join(ROOT, file);
    if (!existsSync(resolved)) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md')) {
      if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
    }
  }
  return broken;
}

it('GitHub-style anchors: punctuation dropped, spaces to hyphens, repeats numbered', () => {
  expect([...anchorsOf('# 6. The server half\n## Domain events\n## `load(ctx)` & parts\n## Domain events\n')]).toEqual([
    '6-the-server-half',
    'domain-events',
    'loadctx--parts',
    'domain-events-1',
  ]);
});

it('every relative link in README.md and docs/ leads to a file that exists, and to a heading it has', () => {
  const files = markdownFiles();
  expect(files).toContain('README.md');
  expect(files.flatMap(brokenLinks)).toEqual([]);
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import type { DomainEventRef } from '../../core/common/domain-event';

/**
 * docs/plugins.md's list of domain events is the contract subscribers read: every event a
 * first-party plugin defines (`plugins/<id>/common/*-events.ts`) has its row with its version,
 * and the list names no event the code does not publish.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function definedEvents(): Promise<DomainEventRef<unknown>[]> {
  const events: DomainEventRef<unknown>[] = [];
  for (const plugin of readdirSync(path.join(ROOT, 'plugins'))) {
    const common = path.join(ROOT, 'plugins', plugin, 'common');
    let files: string[] = [];
    try {
      files = readdirSync(common).filter((file) => file.endsWith('-events.ts'));
    } catch {
      continue;
    }
    for (const file of files) {
      const module = (await import(pathToFileURL(path.join(common, file)).href)) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        if (value && typeof value === 'object' && 'name' in value && 'version' in value)
          events.push(value as DomainEventRef<unknown>);
      }
    }
  }
  return events;
}

it('docs/plugins.md lists every domain event the plugins define, with its version, and no other', async () => {
  const docs = readFileSync(path.join(ROOT, 'docs', 'plugins.md'), 'utf8');
  const listed = [...docs.matchAll(/^\| `([a-z][\w-]*\.[a-zA-Z]+)` \| (\d+) \|/gm)]
    .map((match) => `${match[1]} v${match[2]}`)
    .sort();
  const defined = (await definedEvents()).map((event) => `${event.name} v${event.version}`).sort();
  expect(defined.length).toBeGreaterThanOrEqual(10);
  expect(listed).toEqual(defined);
});

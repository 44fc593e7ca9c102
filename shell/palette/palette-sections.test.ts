import { describe, expect, it } from 'vitest';
import type { Command, WhenContext } from '../../core';
import { testWhenContext } from '../../core/testing/when-context';
import { buildCommandSections } from './palette-sections';

const inWorkspace = (ctx: WhenContext) => ctx.workspaceId !== null;
const inEditor = (ctx: WhenContext) => ctx.path.includes('/subtitles/');
const command = (id: string, title: string, extra: Partial<Command> = {}): Command => ({
  id,
  title,
  group: id.split('.')[0],
  run: () => {},
  ...extra,
});
const order = (commands: Command[], search: string, path: string, provided: Command[] = []) =>
  buildCommandSections(commands, testWhenContext({ path }), [], search, provided).flatMap((section) =>
    section.items.map((c) => c.id),
  );

describe('palette ranking: the page you are on first', () => {
  const commands = [
    command('projects.search', 'Find projects', { keywords: ['search'], when: inWorkspace }),
    command('editor.find', 'Find in the cues', { when: inEditor }),
  ];

  it('in the editor, "find" ranks the editor’s find above the global one with the same words', () => {
    expect(order(commands, 'find', '/projects/p/project_versions/v/subtitles/s')).toEqual([
      'editor.find',
      'projects.search',
    ]);
    expect(order(commands, 'find', '/')).toEqual(['projects.search']);
  });

  it('a global command typed in full still wins', () => {
    expect(order(commands, 'find projects', '/projects/p/project_versions/v/subtitles/s')[0]).toBe('projects.search');
  });

  it('providers’ answers are ranked among the commands, not after them', () => {
    const global = [command('projects.search', 'Search projects', { keywords: ['find'], when: inWorkspace })];
    const provided = [command('editor.find', 'Find in the cues', { group: 'Subtitle editor' })];
    expect(order(global, 'find', '/projects/p/project_versions/v/subtitles/s', provided)).toEqual([
      'editor.find',
      'projects.search',
    ]);
  });
});

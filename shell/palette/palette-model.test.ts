import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import type { Command, WhenContext } from '../../core';
import { createPaletteModel, RECENT_COMMANDS_KEY } from './palette-model';
import { buildCommandSections, filterChoices, RECENT_HEADING } from './palette-sections';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const ctx: WhenContext = {
  isAuthenticated: true,
  isMember: true,
  path: '/',
  accountId: 'a1',
  workspaceId: 'w1',
  isAccountAdmin: false,
};
const run = () => {};
const commands: Command[] = [
  { id: 'nav.home', title: 'Go to home', group: 'Navigation', run },
  { id: 'nav.profile', title: 'Open profile', group: 'Navigation', keywords: ['account', 'avatar'], run },
  { id: 'ws.switch', title: 'Switch workspace…', group: 'Workspace', choices: () => [] },
  { id: 'admin.users', title: 'Manage account users', group: 'Admin', when: (c) => c.isAccountAdmin, run },
  { id: 'auth.logOut', title: 'Log out', group: 'Account', when: (c) => c.isAuthenticated, run },
];

describe('palette model', () => {
  it('opens, toggles shut and forgets the search and pages when closed', async () => {
    const model = createPaletteModel({ storage: null });
    const scope = fork();
    await allSettled(model.toggled, { scope });
    expect(scope.getState(model.$open)).toBe(true);
    await allSettled(model.pagePushed, { scope, params: { commandId: 'ws.switch', title: 'Switch workspace…' } });
    await allSettled(model.searchChanged, { scope, params: 'mark' });
    await allSettled(model.toggled, { scope });
    expect(scope.getState(model.$open)).toBe(false);
    expect(scope.getState(model.$pages)).toEqual([]);
    expect(scope.getState(model.$search)).toBe('');
  });

  it('goes back from a nested page with Backspace on an empty search, and with Escape', async () => {
    const model = createPaletteModel({ storage: null });
    const scope = fork();
    await allSettled(model.opened, { scope, params: undefined });
    await allSettled(model.pagePushed, { scope, params: { commandId: 'ws.switch', title: 'Switch workspace…' } });
    expect(scope.getState(model.$currentPage)?.commandId).toBe('ws.switch');

    await allSettled(model.searchChanged, { scope, params: 'x' });
    await allSettled(model.backspacePressed, { scope });
    expect(scope.getState(model.$pages)).toHaveLength(1); // the search was not empty: Backspace edits it

    await allSettled(model.searchChanged, { scope, params: '' });
    await allSettled(model.backspacePressed, { scope });
    expect(scope.getState(model.$pages)).toHaveLength(0);
    expect(scope.getState(model.$open)).toBe(true);

    await allSettled(model.pagePushed, { scope, params: { commandId: 'ws.switch', title: 'Switch workspace…' } });
    await allSettled(model.escapePressed, { scope });
    expect(scope.getState(model.$pages)).toHaveLength(0);
    expect(scope.getState(model.$open)).toBe(true);
    await allSettled(model.escapePressed, { scope });
    expect(scope.getState(model.$open)).toBe(false);
  });

  it('opens straight on a nested page when asked to', async () => {
    const model = createPaletteModel({ storage: null });
    const scope = fork();
    await allSettled(model.opened, { scope, params: { commandId: 'ws.switch', title: 'Switch workspace…' } });
    expect(scope.getState(model.$currentPage)?.title).toBe('Switch workspace…');
  });

  it('keeps the most recently run commands first, without duplicates, and persists them', async () => {
    const storage = memoryStorage({ [RECENT_COMMANDS_KEY]: JSON.stringify(['nav.profile']) });
    const model = createPaletteModel({ storage });
    const scope = fork();
    expect(scope.getState(model.$recentIds)).toEqual(['nav.profile']);
    await allSettled(model.opened, { scope, params: undefined });
    await allSettled(model.commandRan, { scope, params: 'nav.home' });
    expect(scope.getState(model.$open)).toBe(false);
    await allSettled(model.commandRan, { scope, params: 'nav.profile' });
    expect(scope.getState(model.$recentIds)).toEqual(['nav.profile', 'nav.home']);
    expect(JSON.parse(storage.data.get(RECENT_COMMANDS_KEY)!)).toEqual(['nav.profile', 'nav.home']);
  });
});

describe('palette sections', () => {
  const titles = (sections: ReturnType<typeof buildCommandSections>) =>
    sections.map((s) => [s.heading, s.items.map((c) => c.id)]);

  it('groups visible commands by group and hides those whose `when` is false', () => {
    expect(titles(buildCommandSections(commands, ctx, [], ''))).toEqual([
      ['Navigation', ['nav.home', 'nav.profile']],
      ['Workspace', ['ws.switch']],
      ['Account', ['auth.logOut']],
    ]);
    const admin = buildCommandSections(commands, { ...ctx, isAccountAdmin: true }, [], '');
    expect(admin.flatMap((s) => s.items.map((c) => c.id))).toContain('admin.users');
  });

  it('puts recently used commands first in a Recent group, in recency order', () => {
    const sections = buildCommandSections(commands, ctx, ['auth.logOut', 'nav.profile', 'admin.users'], '');
    expect(titles(sections)[0]).toEqual([RECENT_HEADING, ['auth.logOut', 'nav.profile']]);
    expect(titles(sections)[1]).toEqual(['Navigation', ['nav.home']]);
  });

  it('searches titles and keywords, best match first, and drops empty groups', () => {
    expect(titles(buildCommandSections(commands, ctx, [], 'avatar'))).toEqual([['Navigation', ['nav.profile']]]);
    expect(titles(buildCommandSections(commands, ctx, [], 'log'))).toEqual([['Account', ['auth.logOut']]]);
    expect(buildCommandSections(commands, ctx, [], 'zzz')).toEqual([]);
  });

  it('finds a title typed in full, with or without its ellipsis, first', () => {
    const entries = [
      { id: 'a', title: 'Apply label…', group: 'Labels', run },
      { id: 'b', title: 'Apply label filter', group: 'Labels', run },
    ];
    for (const typed of ['Apply label…', 'apply label', 'Apply label...']) {
      expect(buildCommandSections(entries, ctx, ['b'], typed)[0].items[0].id, typed).toBe('a');
    }
  });

  it('filters the choices of a nested page', () => {
    const choices = [
      { id: '1', title: 'Marketing', run },
      { id: '2', title: 'Product', keywords: ['team'], run },
    ];
    expect(filterChoices(choices, 'team').map((c) => c.id)).toEqual(['2']);
    expect(filterChoices(choices, '').map((c) => c.id)).toEqual(['1', '2']);
  });
});

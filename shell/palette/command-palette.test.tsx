import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Command, CommandContext, WhenContext } from '../../core';
import { CommandPalette } from './command-palette';
import { createPaletteModel } from './palette-model';

afterEach(cleanup);

const when: WhenContext = {
  isAuthenticated: true,
  isMember: true,
  path: '/',
  accountId: 'a1',
  workspaceId: 'w1',
  isAccountAdmin: false,
};
const ctx = { navigate: vi.fn() } as unknown as CommandContext;

function setup(commands: Command[]) {
  const model = createPaletteModel({ storage: null });
  render(
    <CommandPalette
      model={model}
      commands={commands}
      whenContext={when}
      commandContext={ctx}
      formatShortcut={(c) => c.toUpperCase()}
    />,
  );
  act(() => model.opened());
  return model;
}

describe('CommandPalette', () => {
  it('is an accessible dialog listing commands with their shortcuts, hiding those whose `when` fails', () => {
    setup([
      { id: 'a.home', title: 'Go to home', group: 'Navigation', shortcut: 'mod+h', run: () => {} },
      { id: 'a.admin', title: 'Manage users', group: 'Admin', when: (c) => c.isAccountAdmin, run: () => {} },
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Command palette' });
    expect(dialog).toBeTruthy();
    expect(screen.getByLabelText('Type a command or search')).toBeTruthy();
    expect(screen.getByText('Go to home')).toBeTruthy();
    expect(screen.getByText('MOD+H')).toBeTruthy();
    expect(screen.queryByText('Manage users')).toBeNull();
  });

  it('filters by title and keywords and runs the chosen command, closing the palette', async () => {
    const run = vi.fn();
    const model = setup([
      { id: 'a.home', title: 'Go to home', group: 'Navigation', run: () => {} },
      { id: 'a.profile', title: 'Open profile', group: 'Account', keywords: ['avatar'], run },
    ]);
    fireEvent.change(screen.getByLabelText('Type a command or search'), { target: { value: 'avatar' } });
    await waitFor(() => expect(screen.queryByText('Go to home')).toBeNull());
    fireEvent.click(screen.getByText('Open profile'));
    expect(run).toHaveBeenCalledWith(ctx);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(model.$recentIds.getState()).toEqual(['a.profile']);
  });

  it('opens a nested page for commands with choices and goes back with Backspace on an empty search', async () => {
    const chosen = vi.fn();
    setup([
      {
        id: 'ws.switch',
        title: 'Switch workspace…',
        group: 'Workspace',
        choices: () => [
          { id: 'w1', title: 'Marketing', run: chosen },
          { id: 'w2', title: 'Product', run: () => {} },
        ],
      },
    ]);
    fireEvent.click(screen.getByText('Switch workspace…'));
    await screen.findByText('Marketing');
    expect(screen.getByRole('button', { name: 'Commands' })).toBeTruthy(); // breadcrumb back to the parent
    fireEvent.keyDown(screen.getByLabelText('Type a command or search'), { key: 'Backspace' });
    await screen.findByText('Switch workspace…');
    expect(screen.queryByText('Marketing')).toBeNull();

    fireEvent.click(screen.getByText('Switch workspace…'));
    fireEvent.click(await screen.findByText('Marketing'));
    expect(chosen).toHaveBeenCalled();
  });
});

describe('CommandPalette: Enter always runs what was typed', () => {
  const labels = (apply: (id: string) => void): Command => ({
    id: 'labels.apply',
    title: 'Apply label…',
    group: 'Labels',
    choices: async () => [
      { id: 'l1', title: 'Urgent', run: () => apply('l1') },
      { id: 'l2', title: 'Review', run: () => apply('l2') },
      { id: 'l3', title: 'Client', run: () => apply('l3') },
    ],
  });

  it('highlights the one choice left after filtering, and Enter applies it', async () => {
    const apply = vi.fn();
    const model = setup([labels(apply)]);
    act(() => model.opened({ commandId: 'labels.apply', title: 'Apply label…' }));
    await screen.findByText('Urgent');
    fireEvent.change(screen.getByLabelText('Type a command or search'), { target: { value: 'rev' } });
    await waitFor(() => expect(screen.queryByText('Urgent')).toBeNull());
    expect(screen.getByRole('option', { name: 'Review' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByLabelText('Type a command or search'), { key: 'Enter' });
    expect(apply).toHaveBeenCalledWith('l2');
  });

  it('an Enter typed before the filtered choices arrived runs the match for the text typed, not the one shown before', async () => {
    const apply = vi.fn();
    const model = setup([labels(apply)]);
    act(() => model.opened({ commandId: 'labels.apply', title: 'Apply label…' }));
    await screen.findByText('Urgent');
    const input = screen.getByLabelText('Type a command or search');
    fireEvent.change(input, { target: { value: 'cli' } });
    fireEvent.keyDown(input, { key: 'Enter' }); // "Urgent" is still on screen, highlighted
    expect(apply).not.toHaveBeenCalled();
    await waitFor(() => expect(apply).toHaveBeenCalledWith('l3'));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('runs the whole title typed before a recently used command that also matches', () => {
    const settings = vi.fn();
    const profile = vi.fn();
    const model = createPaletteModel({ storage: { getItem: () => JSON.stringify(['a.profile']), setItem: () => {} } });
    render(
      <CommandPalette
        model={model}
        commands={[
          { id: 'a.profile', title: 'Open profile', group: 'Account', keywords: ['account', 'settings'], run: profile },
          { id: 'a.settings', title: 'Open account settings', group: 'Account', run: settings },
        ]}
        whenContext={when}
        commandContext={ctx}
      />,
    );
    act(() => model.opened());
    fireEvent.change(screen.getByLabelText('Type a command or search'), { target: { value: 'Open account settings' } });
    fireEvent.keyDown(screen.getByLabelText('Type a command or search'), { key: 'Enter' });
    expect(settings).toHaveBeenCalled();
    expect(profile).not.toHaveBeenCalled();
  });
});

describe('CommandPalette: dynamic providers', () => {
  it('an Enter typed before a provider answered runs its first command once it does', async () => {
    const opened = vi.fn();
    const model = createPaletteModel({ storage: null });
    const provider = {
      id: 'p.open',
      group: 'Open project',
      provide: async (_: CommandContext, search: string) =>
        search.trim().length < 2
          ? []
          : [{ id: 'p.open:1', title: 'Open “Harbour tour”', group: 'Open project', keywords: [search], run: opened }],
    };
    render(
      <CommandPalette
        model={model}
        commands={[{ id: 'a.home', title: 'Go to home', group: 'Navigation', run: () => {} }]}
        providers={[provider]}
        whenContext={when}
        commandContext={ctx}
      />,
    );
    act(() => model.opened());
    const input = screen.getByLabelText('Type a command or search');
    fireEvent.change(input, { target: { value: 'harbour' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
  });
});

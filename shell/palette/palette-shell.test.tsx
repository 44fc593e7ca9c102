import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '../../core';
import { testWhenContext } from '../../core/testing/when-context';
import { createPaletteModel } from './palette-model';
import { PaletteShell } from './palette-shell';

afterEach(cleanup);

describe('the palette’s first frame, while its code arrives', () => {
  it('takes the keys, highlights the best match and runs it on Enter', () => {
    const profile = vi.fn();
    const settings = vi.fn();
    const palette = createPaletteModel({ storage: null });
    const ctx = { navigate: vi.fn() } as unknown as CommandContext;
    const commands = [
      { id: 'a.profile', title: 'Open profile', group: 'Account', run: profile },
      { id: 'a.settings', title: 'Open account settings', group: 'Account', run: settings },
    ];
    act(() => palette.opened());
    render(<PaletteShell palette={palette} commands={commands} whenContext={testWhenContext()} commandContext={ctx} />);
    const input = screen.getByRole('combobox', { name: 'Type a command or search' });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'open acc' } });
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Open account settings');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(settings).toHaveBeenCalledWith(ctx);
    expect(profile).not.toHaveBeenCalled();
    expect(palette.$open.getState()).toBe(false);
  });

  it('with nothing to match yet, leaves Enter to the full palette (its providers may find something)', () => {
    const palette = createPaletteModel({ storage: null });
    act(() => palette.opened());
    render(
      <PaletteShell
        palette={palette}
        commands={[]}
        whenContext={testWhenContext()}
        commandContext={{} as CommandContext}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Type a command or search' });
    fireEvent.change(input, { target: { value: 'Harbour' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(palette.$enterQueued.getState()).toBe(true);
  });
});

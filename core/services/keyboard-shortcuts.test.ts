import { describe, expect, it, vi } from 'vitest';
import { DocumentKeyboardShortcuts, matchesChord } from './keyboard-shortcuts';

const key = (init: Partial<KeyboardEvent> & { key: string }) =>
  ({ metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, ...init }) as KeyboardEvent;

describe('keyboard shortcuts', () => {
  it('mod means Cmd on a Mac and Ctrl elsewhere', () => {
    expect(matchesChord(key({ key: 'k', metaKey: true }), 'mod+k', true)).toBe(true);
    expect(matchesChord(key({ key: 'k', ctrlKey: true }), 'mod+k', true)).toBe(false);
    expect(matchesChord(key({ key: 'K', ctrlKey: true }), 'mod+k', false)).toBe(true);
    expect(matchesChord(key({ key: 'k', ctrlKey: true, shiftKey: true }), 'mod+k', false)).toBe(false);
  });

  it('fires bound handlers on keydown and stops after unbinding', () => {
    const shortcuts = new DocumentKeyboardShortcuts(document);
    const handler = vi.fn();
    const unbind = shortcuts.bind('mod+shift+l', handler);
    const mac = /Mac/.test(navigator.platform);
    const press = () =>
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'l', shiftKey: true, ctrlKey: !mac, metaKey: mac, bubbles: true }),
      );
    press();
    expect(handler).toHaveBeenCalledTimes(1);
    unbind();
    press();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('plain-key shortcuts do not fire while typing in a field', () => {
    const shortcuts = new DocumentKeyboardShortcuts(document);
    const handler = vi.fn();
    shortcuts.bind('/', handler);
    const input = document.createElement('input');
    document.body.append(input);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }));
    expect(handler).not.toHaveBeenCalled();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }));
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

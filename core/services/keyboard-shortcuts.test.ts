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

  it("single-key shortcuts still work with focus on a row's checkbox (nothing is typed there)", () => {
    const shortcuts = new DocumentKeyboardShortcuts(document);
    const handler = vi.fn();
    shortcuts.bind('l', handler);
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    document.body.append(checkbox);
    checkbox.dispatchEvent(new KeyboardEvent('keydown', { key: 'l', bubbles: true }));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves a field its own editing chords (Ctrl/Cmd+Z undoes the typing), and a declining handler leaves the key alone', () => {
    const shortcuts = new DocumentKeyboardShortcuts(document);
    const mac = /Mac/.test(navigator.platform);
    const undo = vi.fn(() => true);
    shortcuts.bind('mod+z', undo);
    const input = document.createElement('input');
    document.body.append(input);
    const typed = new KeyboardEvent('keydown', {
      key: 'z',
      ctrlKey: !mac,
      metaKey: mac,
      bubbles: true,
      cancelable: true,
    });
    input.dispatchEvent(typed);
    expect(undo).not.toHaveBeenCalled();
    expect(typed.defaultPrevented).toBe(false);
    const onPage = new KeyboardEvent('keydown', {
      key: 'z',
      ctrlKey: !mac,
      metaKey: mac,
      bubbles: true,
      cancelable: true,
    });
    document.body.dispatchEvent(onPage);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(onPage.defaultPrevented).toBe(true);

    const declining = vi.fn(() => false);
    shortcuts.bind('mod+shift+y', declining);
    const declined = new KeyboardEvent('keydown', {
      key: 'y',
      shiftKey: true,
      ctrlKey: !mac,
      metaKey: mac,
      bubbles: true,
      cancelable: true,
    });
    document.body.dispatchEvent(declined);
    expect(declining).toHaveBeenCalledTimes(1);
    expect(declined.defaultPrevented).toBe(false);
  });
});

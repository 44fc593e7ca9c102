import { afterEach, describe, expect, it } from 'vitest';
import { startPaletteKeyBuffer, type PaletteKeySink } from './palette-key-buffer';

const press = (key: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  document.body.dispatchEvent(event);
  return event;
};

function recordingSink(open = () => true) {
  const calls: string[] = [];
  const sink: PaletteKeySink = {
    isOpen: open,
    open: () => calls.push('open'),
    typed: (text) => calls.push(`typed:${text}`),
    erased: () => calls.push('erased'),
    entered: () => calls.push('enter'),
    escaped: () => calls.push('escape'),
  };
  return { sink, calls };
}

let dispose = () => {};
afterEach(() => dispose());

describe('palette key buffer', () => {
  it('keeps Ctrl+K and what follows it before the app has drawn, and replays them to the palette', () => {
    const buffer = startPaletteKeyBuffer();
    dispose = buffer.dispose;
    expect(press('k', { ctrlKey: true }).defaultPrevented).toBe(true);
    for (const key of 'Log outt') press(key);
    press('Backspace');
    press('Enter');
    const { sink, calls } = recordingSink();
    buffer.connect(sink);
    expect(calls).toEqual(['open', 'typed:Log out', 'enter']);
  });

  it('leaves keys alone without Ctrl+K, and once the palette is closed', () => {
    const buffer = startPaletteKeyBuffer();
    dispose = buffer.dispose;
    expect(press('s').defaultPrevented).toBe(false);
    let open = true;
    const { sink, calls } = recordingSink(() => open);
    buffer.connect(sink);
    expect(press('x').defaultPrevented).toBe(true);
    open = false;
    expect(press('y').defaultPrevented).toBe(false);
    expect(calls).toEqual(['typed:x']);
  });

  it('hands nothing over once focus is in the palette (its input has the keys)', () => {
    const buffer = startPaletteKeyBuffer();
    dispose = buffer.dispose;
    const { sink, calls } = recordingSink();
    buffer.connect(sink);
    const palette = document.createElement('div');
    palette.className = 'palette';
    const input = document.createElement('input');
    palette.append(input);
    document.body.append(palette);
    input.focus();
    expect(press('a').defaultPrevented).toBe(false);
    palette.remove();
    expect(calls).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTypeaheadBuffer } from './typeahead-buffer';

const press = (key: string) =>
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('typeahead while a page loads', () => {
  it('types what was pressed into the field the arriving page focuses, and Enter submits its form', async () => {
    const buffer = startTypeaheadBuffer();
    for (const key of 'ada@example.comm') press(key);
    press('Backspace');
    press('Enter');
    // The page arrives and focuses its e-mail field.
    const form = document.createElement('form');
    const field = document.createElement('input');
    field.type = 'email';
    const seen: string[] = [];
    field.addEventListener('input', () => seen.push(field.value));
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    form.append(field);
    document.body.append(form);
    field.focus();
    buffer.release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(field.value).toBe('ada@example.com');
    expect(seen).toEqual(['ada@example.com']);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('records nothing while a field has focus or a dialog is open', async () => {
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    const buffer = startTypeaheadBuffer();
    press('a');
    field.blur();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    press('b');
    dialog.remove();
    field.focus();
    buffer.release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(field.value).toBe('');
  });
});

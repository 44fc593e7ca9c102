/**
 * Keys typed while a page (or its model) is still loading: recorded while nothing on the page has
 * focus, then typed into the field the page focuses when it arrives, so a fast typist's e-mail is
 * not lost. Enter typed after text submits that field's form, as it would have.
 */
export interface TypeaheadBuffer {
  /** Stops recording and hands the keys to the focused field, if it is a text field. */
  release(): void;
}

type Target = Pick<Document, 'addEventListener' | 'removeEventListener' | 'activeElement' | 'querySelector'>;

const TEXT_INPUTS = new Set(['text', 'email', 'search', 'password', 'url', 'tel', 'number', '']);

function isTextField(el: Element | null): el is HTMLInputElement | HTMLTextAreaElement {
  if (!el) return false;
  if (el.tagName === 'TEXTAREA') return true;
  return el.tagName === 'INPUT' && TEXT_INPUTS.has((el as HTMLInputElement).type);
}

/** Sets a field's value the way typing does, so React's onChange sees it. */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const proto = field.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  setter?.call(field, field.value + text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function startTypeaheadBuffer(doc: Target = document): TypeaheadBuffer {
  let text = '';
  let enter = false;
  const idle = () => {
    const active = doc.activeElement;
    // A modal dialog (the palette) or a field already has the keys.
    return (
      (!active || active.tagName === 'BODY' || active.tagName === 'HTML') &&
      !doc.querySelector('[role="dialog"][aria-modal="true"]')
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!idle() || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) text += event.key;
    else if (event.key === 'Backspace') text = text.slice(0, -1);
    else if (event.key === 'Enter' && text) enter = true;
    else return;
    event.preventDefault();
  };
  doc.addEventListener('keydown', onKeyDown, true);
  return {
    release() {
      doc.removeEventListener('keydown', onKeyDown, true);
      if (!text) return;
      // The arriving page focuses its field in its first effects: wait for them.
      const typed = text;
      const submit = enter;
      text = '';
      setTimeout(() => {
        const field = doc.activeElement;
        if (!isTextField(field)) return;
        typeInto(field, typed);
        if (submit) field.form?.requestSubmit();
      }, 0);
    },
  };
}

let held: { buffer: TypeaheadBuffer; holders: number } | null = null;

/**
 * Records keys while at least one placeholder is up. Placeholders follow each other (the session
 * check, then the page's code, then its model): the keys are kept across them and handed over
 * only when the last one has gone and none came in its place.
 */
export function holdTypeaheadBuffer(): () => void {
  if (!held) held = { buffer: startTypeaheadBuffer(), holders: 0 };
  held.holders += 1;
  const current = held;
  return () => {
    current.holders -= 1;
    setTimeout(() => {
      if (held === current && current.holders === 0) {
        held = null;
        current.buffer.release();
      }
    }, 0);
  };
}

let startup: (() => void) | null = null;

/** From the first line of main.tsx until the first page is drawn (`releaseStartupTypeahead`). */
export function holdStartupTypeahead(): void {
  startup ??= holdTypeaheadBuffer();
}

export function releaseStartupTypeahead(): void {
  startup?.();
  startup = null;
}

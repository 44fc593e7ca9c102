/**
 * Keys meant for the palette that arrive before its search box has focus: Ctrl/Cmd+K pressed
 * before the app has drawn, and what is typed between Ctrl+K and the moment the palette's code
 * has loaded and focused its input. They are recorded (and kept from the page underneath, where a
 * letter could run a shortcut), then handed to the palette: the text becomes its search and a
 * recorded Enter runs the first match once the results are in. Started first thing in main.tsx,
 * so its capture listener runs before every other one.
 */
export interface PaletteKeySink {
  isOpen(): boolean;
  open(): void;
  typed(text: string): void;
  erased(): void;
  entered(): void;
  escaped(): void;
}

export interface PaletteKeyBuffer {
  /** From now on keys go to `sink` (replaying any recorded before); returns the disconnect. */
  connect(sink: PaletteKeySink): () => void;
  dispose(): void;
}

type Target = Pick<Document, 'addEventListener' | 'removeEventListener' | 'activeElement'>;

const isModK = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

export function startPaletteKeyBuffer(doc: Target = document): PaletteKeyBuffer {
  let sink: PaletteKeySink | null = null;
  // Before any palette is connected: whether Ctrl+K was pressed, and what followed it.
  let early: { text: string; enter: boolean } | null = null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing) return;
    // Focus already in the palette: its own input and buttons have the keys.
    if ((doc.activeElement as Element | null)?.closest?.('.palette')) return;
    if (!sink) {
      if (isModK(event)) early = early ? null : { text: '', enter: false };
      else if (!early) return;
      else if (event.key === 'Escape') early = null;
      else if (event.key === 'Enter') early.enter = true;
      else if (event.key === 'Backspace') early.text = early.text.slice(0, -1);
      else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !early.enter) early.text += event.key;
      else return;
    } else {
      if (!sink.isOpen()) return;
      if (event.key === 'Escape') sink.escaped();
      else if (event.key === 'Enter') sink.entered();
      else if (event.key === 'Backspace') sink.erased();
      else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) sink.typed(event.key);
      else return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  doc.addEventListener('keydown', onKeyDown, true);

  return {
    connect(next) {
      sink = next;
      const recorded = early;
      early = null;
      if (recorded) {
        next.open();
        if (recorded.text) next.typed(recorded.text);
        if (recorded.enter) next.entered();
      }
      return () => {
        if (sink === next) sink = null;
      };
    },
    dispose: () => doc.removeEventListener('keydown', onKeyDown, true),
  };
}

let current: PaletteKeyBuffer | null = null;

/** The app's one buffer (main.tsx starts it; tests and benchmarks may run without). */
export function startAppPaletteKeyBuffer(): PaletteKeyBuffer {
  return (current ??= startPaletteKeyBuffer());
}

export function appPaletteKeyBuffer(): PaletteKeyBuffer | null {
  return current;
}

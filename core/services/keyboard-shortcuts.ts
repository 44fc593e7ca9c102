export type Dispose = () => void;

export interface KeyboardShortcuts {
  /**
   * Binds a chord such as `mod+k` or `mod+shift+l`; returns the unbinder. A handler returning
   * `false` did not act (e.g. its command is not available here): the key keeps its default.
   */
  bind(chord: string, handler: (event: KeyboardEvent) => boolean | void): Dispose;
  /** Human label for a chord on this platform: `⌘K` on a Mac, `Ctrl+K` elsewhere. */
  format(chord: string): string;
}

export function isMacPlatform(
  nav: { platform?: string; userAgent?: string } | undefined = globalThis.navigator,
): boolean {
  return /Mac|iPhone|iPad/.test(nav?.platform || nav?.userAgent || '');
}

interface ParsedChord {
  key: string;
  mod: boolean;
  shift: boolean;
  alt: boolean;
}

export function parseChord(chord: string): ParsedChord {
  const parts = chord.toLowerCase().split('+');
  const key = parts.pop() ?? '';
  return { key, mod: parts.includes('mod'), shift: parts.includes('shift'), alt: parts.includes('alt') };
}

export function matchesChord(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>,
  chord: string,
  mac: boolean,
): boolean {
  const parsed = parseChord(chord);
  const mod = mac ? event.metaKey : event.ctrlKey;
  return (
    event.key.toLowerCase() === parsed.key &&
    mod === parsed.mod &&
    event.shiftKey === parsed.shift &&
    event.altKey === parsed.alt
  );
}

/** Inputs nobody types text into: a row's checkbox keeps the grid's single-key shortcuts working. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Editing keys typed into a field must not fire app shortcuts, except chords with a modifier. */
function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  if (el.tagName === 'INPUT') return !NON_TEXT_INPUTS.has((el as HTMLInputElement).type);
  return el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT';
}

/** Chords a text field answers itself (undo, redo, select all, clipboard): never taken from it. */
const FIELD_CHORDS = new Set(['mod+z', 'mod+shift+z', 'mod+y', 'mod+a', 'mod+c', 'mod+x', 'mod+v']);

export class DocumentKeyboardShortcuts implements KeyboardShortcuts {
  private readonly bindings = new Set<{ chord: string; handler: (event: KeyboardEvent) => boolean | void }>();
  private readonly mac = isMacPlatform();
  private listening = false;

  constructor(private readonly target: Pick<Document, 'addEventListener'> = document) {}

  bind(chord: string, handler: (event: KeyboardEvent) => boolean | void): Dispose {
    if (!this.listening) {
      this.target.addEventListener('keydown', (e) => this.onKeyDown(e as KeyboardEvent));
      this.listening = true;
    }
    const binding = { chord, handler };
    this.bindings.add(binding);
    return () => this.bindings.delete(binding);
  }

  format(chord: string): string {
    const { key, mod, shift, alt } = parseChord(chord);
    const label = key.length === 1 ? key.toUpperCase() : key[0].toUpperCase() + key.slice(1);
    if (this.mac) return `${mod ? '⌘' : ''}${alt ? '⌥' : ''}${shift ? '⇧' : ''}${label}`;
    return [mod && 'Ctrl', alt && 'Alt', shift && 'Shift', label].filter(Boolean).join('+');
  }

  private onKeyDown(event: KeyboardEvent) {
    for (const binding of this.bindings) {
      if (!matchesChord(event, binding.chord, this.mac)) continue;
      const chord = parseChord(binding.chord);
      if ((!chord.mod || FIELD_CHORDS.has(binding.chord.toLowerCase())) && isTypingTarget(event.target)) continue;
      if (binding.handler(event) === false) continue;
      event.preventDefault();
      return;
    }
  }
}

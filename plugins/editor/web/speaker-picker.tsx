import { useId, useState } from 'react';
import { Dialog } from '../../../core/ui';

/**
 * "Set the speaker…" (Alt+P): a combobox over the speakers the subtitle already names, most
 * used first. Type to filter or to name a new one, ↑/↓ to choose, Enter to set it on the
 * selected cues; Enter on an empty box clears their speaker.
 */
export function SpeakerPicker({
  known,
  current,
  count,
  onPick,
  onClose,
}: {
  known: string[];
  current: string;
  count: number;
  onPick(speaker: string): void;
  onClose(): void;
}) {
  const [typed, setTyped] = useState('');
  const [highlight, setHighlight] = useState(-1);
  const id = useId();
  const shown = known.filter((name) => name.toLowerCase().includes(typed.trim().toLowerCase()));
  const pick = (name: string) => {
    onPick(name);
    onClose();
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown.length === 0) return;
      const by = event.key === 'ArrowDown' ? 1 : -1;
      // Round -1 (the typed name), 0 … n-1 (the speakers).
      setHighlight((h) => ((h + 1 + by + shown.length + 1) % (shown.length + 1)) - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(highlight >= 0 && shown[highlight] ? shown[highlight] : typed);
    }
  };
  return (
    <Dialog label="Speaker" onClose={onClose} className="editor-speaker">
      <h2>Speaker of {count === 1 ? 'this cue' : `${count} cues`}</h2>
      <label htmlFor={`${id}-input`}>Speaker name</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={shown.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={highlight >= 0 ? `${id}-${highlight}` : undefined}
        aria-describedby={`${id}-hint`}
        placeholder={current || 'New speaker'}
        value={typed}
        data-autofocus
        onChange={(event) => {
          setTyped(event.target.value);
          setHighlight(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="muted">
        ↑/↓ choose a speaker of this subtitle, Enter sets it; a new name typed is a new speaker; Enter on an empty box
        clears the speaker.
      </p>
      {shown.length > 0 ? (
        <ul id={`${id}-list`} role="listbox" aria-label="Speakers of this subtitle" className="editor-speaker-list">
          {shown.map((name, index) => (
            <li
              key={name}
              id={`${id}-${index}`}
              role="option"
              aria-selected={index === highlight}
              className={index === highlight ? 'is-highlighted' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(name)}
            >
              {name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          {known.length === 0
            ? 'No speakers named yet in this subtitle.'
            : 'No speaker of this subtitle matches: Enter names a new one.'}
        </p>
      )}
    </Dialog>
  );
}

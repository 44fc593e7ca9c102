import { useId, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import type { CommentPerson } from '../common/comments-contract';

/** The `@word` being typed just before the caret, if any. */
function mentionQuery(text: string, caret: number): { from: number; query: string } | null {
  const match = /(^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  return match ? { from: caret - match[2].length - 1, query: match[2].toLowerCase() } : null;
}

export interface ComposerProps {
  label: string;
  submitLabel: string;
  people: readonly CommentPerson[];
  initialText?: string;
  initialMentions?: readonly CommentPerson[];
  textRef?: Ref<HTMLTextAreaElement>;
  busy?: boolean;
  onSubmit(text: string, mentions: string[]): Promise<unknown> | void;
  /** Escape with no suggestion open (and the Cancel button, unless `noCancelButton`). */
  onCancel?(): void;
  noCancelButton?: boolean;
}

/**
 * A comment's text box with mentions: typing `@` and a few letters lists the workspace's members
 * matching them (Up/Down choose, Enter or Tab picks, Escape closes the list); a pick writes
 * `@Name` and remembers the person's id, which is what is sent (only for names still in the text).
 * Ctrl+Enter (Cmd+Enter) sends.
 */
export function MentionComposer(props: ComposerProps) {
  const { label, submitLabel, people, textRef, busy, onSubmit, onCancel } = props;
  const [text, setText] = useState(props.initialText ?? '');
  const [picked, setPicked] = useState<CommentPerson[]>([...(props.initialMentions ?? [])]);
  const [caret, setCaret] = useState(0);
  const [choice, setChoice] = useState(0);
  const [closed, setClosed] = useState(false);
  const listId = useId();
  const query = closed ? null : mentionQuery(text, caret);
  const matches = useMemo(
    () =>
      query
        ? people
            .filter(
              (person) =>
                person.name
                  .toLowerCase()
                  .split(/\s+/)
                  .some((w) => w.startsWith(query.query)) || person.name.toLowerCase().startsWith(query.query),
            )
            .slice(0, 8)
        : [],
    [people, query?.query, query === null],
  );
  const open = matches.length > 0;
  const active = open ? Math.min(choice, matches.length - 1) : -1;

  const pick = (person: CommentPerson, box: HTMLTextAreaElement) => {
    if (!query) return;
    const insert = `@${person.name} `;
    const next = text.slice(0, query.from) + insert + text.slice(caret);
    const at = query.from + insert.length;
    setText(next);
    setPicked((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]));
    setCaret(at);
    setChoice(0);
    requestAnimationFrame(() => box.setSelectionRange(at, at));
  };
  const submit = async () => {
    if (busy || !text.trim()) return;
    const mentions = picked.filter((person) => text.includes(`@${person.name}`)).map((person) => person.id);
    await onSubmit(text, mentions);
    setText('');
    setPicked([]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // The editor's own keys must not act on what is typed here.
    event.stopPropagation();
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setChoice((active + step + matches.length) % matches.length);
    } else if (open && (event.key === 'Enter' || event.key === 'Tab') && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      pick(matches[active], event.currentTarget);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open) setClosed(true);
      else onCancel?.();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="comment-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label>
        <span className="visually-hidden">{label}</span>
        <textarea
          ref={textRef}
          value={text}
          rows={2}
          placeholder={`${label} (@ to mention)`}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
            setClosed(false);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
      </label>
      {open && (
        <ul id={listId} role="listbox" aria-label="People to mention" className="comment-mentions">
          {matches.map((person, i) => (
            <li
              key={person.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'comment-mention comment-mention-active' : 'comment-mention'}
              onMouseDown={(event) => {
                event.preventDefault();
                const box = event.currentTarget.closest('form')?.querySelector('textarea');
                if (box) pick(person, box);
              }}
            >
              {person.name}
            </li>
          ))}
        </ul>
      )}
      <div className="comment-composer-actions">
        <button type="submit" className="button button-primary" disabled={busy || !text.trim()}>
          {submitLabel}
        </button>
        {onCancel && !props.noCancelButton && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

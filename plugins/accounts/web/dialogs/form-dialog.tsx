import type { FormEvent, ReactNode } from 'react';
import { Dialog } from '../../../../core/ui';

/** A popup with a title, a form and Cancel / submit buttons; the submit button says what it does. */
export function FormDialog({
  title,
  submitLabel,
  pending,
  danger = false,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  danger?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Dialog label={title} onClose={onClose}>
      <div className="dialog-header">
        <h2>{title}</h2>
      </div>
      <form className="accounts-form" onSubmit={submit}>
        {children}
        <div className="accounts-form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={`button ${danger ? 'button-danger' : 'button-primary'}`}
            disabled={pending}
            aria-busy={pending}
          >
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

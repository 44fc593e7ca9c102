import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A plain modal dialog: backdrop, `role="dialog"` with `aria-modal`, Escape and a backdrop click
 * close it, focus moves in on open and returns to where it was on close.
 */
export function Dialog({
  label,
  onClose,
  children,
  className = '',
  closeOnEscape = true,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Off when the content handles Escape itself (the palette goes back a page first). */
  closeOnEscape?: boolean;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // The element the content marks `data-autofocus` (the palette's search box), else the first one.
    const first =
      panel.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel.current?.querySelector<HTMLElement>('input, button, [href], select, textarea, [tabindex]:not([tabindex="-1"])');
    (first ?? panel.current)?.focus();
    return () => previous?.focus?.();
  }, []);
  // Escape closes the topmost dialog wherever focus is (its content may still have been loading
  // when it opened, leaving focus outside it).
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!closeOnEscape) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (dialogs[dialogs.length - 1] !== panel.current) return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [closeOnEscape]);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`dialog ${className}`}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}

/**
 * The row of buttons that ends every form dialog: Cancel, then the one action. A submit button
 * by default (Enter in a field sends the form); `onConfirm` makes it a plain button instead, for
 * confirmations that have no form. `busy` disables it and tells screen readers why.
 */
export function DialogActions({
  onCancel,
  confirmLabel,
  disabled = false,
  busy = false,
  danger = false,
  onConfirm,
  cancelAutoFocus = false,
}: {
  onCancel: () => void;
  confirmLabel: string;
  disabled?: boolean;
  busy?: boolean;
  /** The action destroys something: drawn in the danger colour. */
  danger?: boolean;
  onConfirm?: () => void;
  /** Confirmations of destructive actions start on Cancel, so Enter alone never destroys. */
  cancelAutoFocus?: boolean;
}) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button" onClick={onCancel} autoFocus={cancelAutoFocus}>
        Cancel
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={`button ${danger ? 'button-danger' : 'button-primary'}`}
        disabled={disabled || busy}
        aria-busy={busy}
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
    </div>
  );
}

import { createFocusTrap } from 'focus-trap';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Where focus starts: what the content marks `data-autofocus` (the palette's search box), else its first field or button. */
const FIRST_FOCUS = 'input, button, [href], select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The one modal dialog of the app (every popup of the shell and the plugins is drawn with it):
 * backdrop, `role="dialog"` with `aria-modal`; Tab and Shift+Tab stay inside (focus-trap, which
 * also keeps a stack, so a dialog opened over another traps focus until it closes and the one
 * below takes over again); Escape and a backdrop click close it; focus moves in on open and
 * returns to the trigger (what had focus when it opened) on close.
 */
export function Dialog({
  label,
  onClose,
  children,
  className = '',
  closeOnEscape = true,
  role = 'dialog',
  returnFocusTo,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Off when the content handles Escape itself (the palette goes back a page first). */
  closeOnEscape?: boolean;
  /** `alertdialog` for a confirmation that interrupts (a deletion). */
  role?: 'dialog' | 'alertdialog';
  /**
   * What opened it, when that no longer has focus as the dialog is first drawn: the palette drawn
   * after its first frame (a cold page), whose search box held focus in between.
   */
  returnFocusTo?: HTMLElement | null;
}) {
  const panel = useRef<HTMLDivElement>(null);
  // Read during the first render, before any `autoFocus` of the content moves focus inside.
  const [trigger] = useState(
    () => returnFocusTo ?? (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)),
  );
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const trap = createFocusTrap(element, {
      // Content already focused by its own `autoFocus` (a Cancel that must come first) keeps it.
      initialFocus: () =>
        (element.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null) ??
        element.querySelector<HTMLElement>('[data-autofocus]') ??
        element.querySelector<HTMLElement>(FIRST_FOCUS) ??
        element,
      // Lazy content may have nothing to focus yet: the panel itself holds focus until it comes.
      fallbackFocus: element,
      escapeDeactivates: false, // Escape is ours: only the topmost dialog closes (below)
      allowOutsideClick: true, // the backdrop's click closes; toasts' buttons stay clickable
      // Focus moves at once both ways: keys typed right after opening or closing land where they should.
      delayInitialFocus: false,
      delayReturnFocus: false,
      // Back to the trigger, unless what the dialog did already put focus somewhere on purpose; a
      // trigger that is gone (the palette, a row re-drawn by an import or a download) gives way to
      // the page's content (the app layout's <main id="main">), never the page body.
      setReturnFocus: () => {
        const active = document.activeElement;
        if (active && active !== document.body && active.isConnected && !element.contains(active)) return false;
        if (trigger?.isConnected && trigger !== document.body) return trigger;
        return document.getElementById('main') ?? false;
      },
      // jsdom has no layout, so "visible" cannot be measured there; browsers measure it.
      tabbableOptions: {
        displayCheck: typeof navigator !== 'undefined' && /jsdom/.test(navigator.userAgent) ? 'none' : 'full',
      },
    });
    trap.activate();
    return () => void trap.deactivate();
  }, [trigger]);
  // Escape closes the topmost dialog wherever focus is (its content may still have been loading
  // when it opened, leaving focus outside it).
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!closeOnEscape) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const dialogs = document.querySelectorAll('[aria-modal="true"]');
      if (dialogs[dialogs.length - 1] !== panel.current) return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [closeOnEscape]);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panel} className={`dialog ${className}`} role={role} aria-modal="true" aria-label={label} tabIndex={-1}>
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

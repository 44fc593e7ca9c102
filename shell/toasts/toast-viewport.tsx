import { useEffect, useRef } from 'react';
import { useUnit } from 'effector-react';
import type { Toast, ToastAction, ToastService } from '../../core';

/**
 * Renders the ToastService's toasts. Each leaves after its durationMs; success and info toasts
 * are polite status messages, errors are alerts so screen readers announce them at once.
 */
export function ToastViewport({ toasts }: { toasts: ToastService }) {
  const [list, dismiss] = useUnit([toasts.$toasts, toasts.dismissed]);
  const viewport = useRef<HTMLDivElement>(null);
  // Toasts never cover the page (the editor's last cues, a table's last rows): while any shows,
  // the app's main area gives up their height at its bottom (--toast-space, theme.css).
  useEffect(() => {
    const element = viewport.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty('--toast-space', `${element.offsetHeight ? element.offsetHeight + 24 : 0}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--toast-space');
    };
  }, []);
  return (
    <div className="toast-viewport" ref={viewport}>
      {list.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
      ))}
    </div>
  );
}

/** Bound with useUnit, so the action's event runs in the scope the app renders in. */
function ToastActionButton({ action, onDone }: { action: ToastAction; onDone: () => void }) {
  const run = useUnit(action.event);
  return (
    <button
      type="button"
      className="link-button toast-action"
      onClick={() => {
        run();
        onDone();
      }}
    >
      {action.label}
    </button>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, onDismiss]);
  const isError = toast.kind === 'error';
  return (
    <div
      className={`toast toast-${toast.kind}`}
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      <div className="toast-body">
        <p className="toast-title">{toast.title}</p>
        {toast.description && <p className="toast-description">{toast.description}</p>}
      </div>
      {toast.action && <ToastActionButton action={toast.action} onDone={() => onDismiss(toast.id)} />}
      {/* The glyph is hidden, so the visible text is not "×" against a name "Close notification" (WCAG 2.5.3). */}
      <button type="button" className="icon-button" aria-label="Close notification" onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

import { createEvent, createStore, sample, type EventCallable, type Store, type Unit } from 'effector';

/** A button on the toast (e.g. "Undo"): the event fires in the scope the toast is shown in, then the toast closes. */
export interface ToastAction {
  label: string;
  event: EventCallable<void>;
}

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  description?: string;
  /** Milliseconds before it fades; errors stay longer because people need time to read them. */
  durationMs: number;
  action?: ToastAction;
}

export type ToastInput = Omit<Toast, 'id' | 'durationMs'> & { durationMs?: number };

export interface ToastService {
  readonly $toasts: Store<Toast[]>;
  readonly shown: EventCallable<ToastInput>;
  readonly dismissed: EventCallable<number>;
  /** Takes back the toasts whose button fires this event: the offer no longer stands (undone by Ctrl+Z). */
  readonly withdrawn: EventCallable<EventCallable<void>>;
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
  info(title: string, description?: string): void;
}

const DEFAULT_DURATION: Record<ToastKind, number> = { success: 4000, info: 5000, error: 8000 };
const MAX_VISIBLE = 5;

/** Toasts as Effector units, so models can raise them from `sample` and views just render `$toasts`. */
export function createToastService(): ToastService {
  let nextId = 1;
  const shown = createEvent<ToastInput>();
  const dismissed = createEvent<number>();
  const withdrawn = createEvent<EventCallable<void>>();
  const $toasts = createStore<Toast[]>([])
    .on(shown, (list, input) =>
      [...list, { ...input, id: nextId++, durationMs: input.durationMs ?? DEFAULT_DURATION[input.kind] }].slice(
        -MAX_VISIBLE,
      ),
    )
    .on(dismissed, (list, id) => list.filter((t) => t.id !== id))
    .on(withdrawn, (list, event) =>
      list.some((t) => t.action?.event === event) ? list.filter((t) => t.action?.event !== event) : list,
    );
  return {
    $toasts,
    shown,
    dismissed,
    withdrawn,
    success: (title, description) => shown({ kind: 'success', title, description }),
    error: (title, description) => shown({ kind: 'error', title, description }),
    info: (title, description) => shown({ kind: 'info', title, description }),
  };
}

/** Wires "this unit fired" to an error toast with the spec's text: `sample`, not a watcher, so it works in forked scopes. */
export function toastOnFailure(toast: ToastService, clock: Unit<unknown>, title: string): void {
  sample({ clock, fn: () => ({ kind: 'error' as const, title }), target: toast.shown });
}

/** Same for success messages. */
export function toastOnSuccess(toast: ToastService, clock: Unit<unknown>, title: string, description?: string): void {
  sample({ clock, fn: () => ({ kind: 'success' as const, title, description }), target: toast.shown });
}

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createEvent } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastService } from '../../core';
import { ToastViewport } from './toast-viewport';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows a toast and removes it after its duration', () => {
    const toasts = createToastService();
    render(<ToastViewport toasts={toasts} />);
    act(() => toasts.shown({ kind: 'success', title: 'Label created', durationMs: 3000 }));
    expect(screen.getByRole('status').textContent).toContain('Label created');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Label created')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Label created')).toBeNull();
  });

  it('announces errors as alerts and closes on the close button', () => {
    const toasts = createToastService();
    render(<ToastViewport toasts={toasts} />);
    act(() => toasts.error('Labels could not be loaded'));
    expect(screen.getByRole('alert').textContent).toContain('Labels could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('runs a toast action (Undo) once and closes the toast', () => {
    const toasts = createToastService();
    const undo = createEvent();
    const undone = vi.fn();
    undo.watch(undone);
    render(<ToastViewport toasts={toasts} />);
    act(() =>
      toasts.shown({ kind: 'success', title: 'Project version(s) deleted', action: { label: 'Undo', event: undo } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undone).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Project version(s) deleted')).toBeNull();
  });
});

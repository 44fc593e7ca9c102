import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Dialog, DialogActions } from './dialog';

afterEach(cleanup);

/** A page with a main area, a trigger button (removable, as a re-drawn row is) and the dialog it opens. */
function Page({ removeTriggerOnClose = false }: { removeTriggerOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const [triggerShown, setTriggerShown] = useState(true);
  const close = () => {
    setOpen(false);
    if (removeTriggerOnClose) setTriggerShown(false);
  };
  return (
    <main id="main" tabIndex={-1}>
      <button type="button">Before</button>
      {triggerShown && (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      {open && (
        <Dialog label="Rename" onClose={close}>
          <form>
            <input aria-label="Name" />
            <DialogActions onCancel={close} confirmLabel="Save" />
          </form>
        </Dialog>
      )}
    </main>
  );
}

const tab = (shift = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', code: 'Tab', shiftKey: shift });

describe('the one dialog', () => {
  it('moves focus in, keeps Tab and Shift+Tab inside, and Escape hands focus back to its trigger', () => {
    render(<Page />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    screen.getByRole('button', { name: 'Save' }).focus();
    tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    tab(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('hands focus to the page’s content when its trigger is gone, never the body', () => {
    render(<Page removeTriggerOnClose />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    trigger.focus();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('drawn after a first frame that held focus, hands focus back to what opened it (returnFocusTo)', () => {
    function ColdPalette() {
      const [stage, setStage] = useState<'closed' | 'first frame' | 'full'>('closed');
      const [opener, setOpener] = useState<HTMLElement | null>(null);
      return (
        <main id="main" tabIndex={-1}>
          <button
            type="button"
            onClick={(event) => {
              setOpener(event.currentTarget);
              setStage('first frame');
            }}
          >
            Search commands
          </button>
          {stage === 'first frame' && <input aria-label="First frame" autoFocus onChange={() => setStage('full')} />}
          {stage === 'full' && (
            <Dialog label="Command palette" onClose={() => setStage('closed')} returnFocusTo={opener}>
              <input aria-label="Search" />
            </Dialog>
          )}
        </main>
      );
    }
    render(<ColdPalette />);
    const opener = screen.getByRole('button', { name: 'Search commands' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByLabelText('First frame'));
    fireEvent.change(screen.getByLabelText('First frame'), { target: { value: 'x' } });
    expect(document.activeElement).toBe(screen.getByLabelText('Search'));
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

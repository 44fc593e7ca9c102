import * as effectorReact from 'effector-react';
import * as React from 'react';
import { defineLazyModel, useLazyModel } from '../../../core';
import { buildNewsletterModel } from './model/newsletter-model';
import './components/auth-forms.css';

const { useEffect, useRef } = React;

/** This chunk is already loaded when the popup renders; the model is still built outside render. */
const newsletterModel = defineLazyModel('newsletter', async () => buildNewsletterModel);

/**
 * The shell overlay (contributed to `shellOverlays` for members): offered once to members the
 * server flags with shouldSeeNewsletterPopup; either answer hides it.
 */
export default function NewsletterPopup() {
  const newsletter = useLazyModel(newsletterModel);
  const [visible, pending, answered] = effectorReact.useUnit([
    newsletter.$visible,
    newsletter.$pending,
    newsletter.answered,
  ]);
  return visible ? <NewsletterDialog pending={pending} answered={answered} /> : null;
}

/** Focus in a text field or another dialog (the palette): its next key belongs there. */
function isTypingSomewhere(active: Element | null): boolean {
  if (!(active instanceof HTMLElement)) return false;
  return (
    active.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) ||
    active.closest('[role="dialog"]') !== null
  );
}

/**
 * Non-modal (the page stays usable), but announced: focus moves into the dialog so its title and
 * text are read — unless someone is typing in the palette or a field: their next key, Escape
 * included, must reach what they are typing in — Escape answers 'No thanks', and
 * focus goes back where it was once it closes.
 */
function NewsletterDialog({ pending, answered }: { pending: boolean; answered: (subscribe: boolean) => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const returnFocusTo = useRef<Element | null>(null);

  useEffect(() => {
    // Set once: StrictMode's second effect run would otherwise record the dialog itself.
    returnFocusTo.current ??= document.activeElement;
    if (!isTypingSomewhere(document.activeElement)) dialog.current?.focus();
    return () => {
      const previous = returnFocusTo.current;
      const focusLost =
        !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;
      if (focusLost && previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || pending) return;
    event.preventDefault();
    event.stopPropagation();
    answered(false);
  };

  return (
    <div
      ref={dialog}
      className="newsletter-popup"
      role="dialog"
      aria-labelledby="newsletter-popup-title"
      aria-describedby="newsletter-popup-text"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <h2 id="newsletter-popup-title">Stay in the loop</h2>
      <p id="newsletter-popup-text">
        Get product news and tips on subtitles, translation and voice-over, about once a month.
      </p>
      <div className="auth-row">
        <button
          type="button"
          className="auth-button auth-button-primary"
          disabled={pending}
          onClick={() => answered(true)}
        >
          Subscribe
        </button>
        <button type="button" className="auth-button" disabled={pending} onClick={() => answered(false)}>
          No thanks
        </button>
      </div>
    </div>
  );
}

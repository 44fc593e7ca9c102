import * as effectorReact from 'effector-react';
import { useService } from '../../../core';
import { AUTH_MODEL } from './auth-model';
import './components/auth-forms.css';

/**
 * Offered once to members the server flags with shouldSeeNewsletterPopup; either answer hides it.
 * Takes an optional `onClose` so the shell may also host it as a dialog.
 */
export function NewsletterPopup({ onClose }: { onClose?: () => void }) {
  const { newsletter } = useService(AUTH_MODEL);
  const [visible, pending, answered] = effectorReact.useUnit([newsletter.$visible, newsletter.$pending, newsletter.answered]);
  if (!visible) return null;
  const answer = (subscribe: boolean) => {
    answered(subscribe);
    onClose?.();
  };
  return (
    <aside className="newsletter-popup" role="dialog" aria-labelledby="newsletter-popup-title" aria-describedby="newsletter-popup-text">
      <h2 id="newsletter-popup-title">Stay in the loop</h2>
      <p id="newsletter-popup-text">Get product news and tips on subtitles, translation and voice-over, about once a month.</p>
      <div className="auth-row">
        <button type="button" className="auth-button auth-button-primary" disabled={pending} onClick={() => answer(true)}>
          Subscribe
        </button>
        <button type="button" className="auth-button" disabled={pending} onClick={() => answer(false)}>
          No thanks
        </button>
      </div>
    </aside>
  );
}

export default NewsletterPopup;

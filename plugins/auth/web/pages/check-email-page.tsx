import * as effectorReact from 'effector-react';
import { useAuthModel } from '../components/use-lazy-model';
import { AppLink } from '../components/app-link';
import '../components/auth-forms.css';

/** After the survey (or before it: the two may happen in either order) until the e-mail is confirmed. */
export default function CheckEmailPage() {
  const { onboarding, $user } = useAuthModel();
  const [user, pending, resend] = effectorReact.useUnit([$user, onboarding.$resendPending, onboarding.resendRequested]);

  if (user?.attributes.confirmedEmail) {
    return (
      <div className="auth-page">
        <h1>Your e-mail is confirmed</h1>
        <p className="auth-page-lead">You are all set.</p>
        <AppLink to="/" className="auth-button auth-button-primary">
          Continue
        </AppLink>
      </div>
    );
  }

  return (
    <div className="auth-page">
      <h1>Check your inbox</h1>
      <p className="auth-page-lead">
        We sent a confirmation link to <strong>{user?.attributes.email}</strong>. Open it to start using Polycue.
      </p>
      <p>Nothing arrived? Look in your spam folder, or send it again.</p>
      <button
        type="button"
        className="auth-button"
        onClick={() => resend()}
        disabled={pending}
        aria-busy={pending || undefined}
      >
        Resend confirmation e-mail
      </button>
    </div>
  );
}

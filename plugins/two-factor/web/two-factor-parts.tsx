import { useId, useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '../common/two-factor-contract';
import './two-factor.css';

/** The QR code to scan, and the secret to type when the camera cannot. */
export function SetupCode({ setup }: { setup: TwoFactorSetup }) {
  return (
    <div className="two-factor-setup">
      <img src={setup.qrCode} alt="QR code to scan with your authenticator app" width={180} height={180} />
      <p>
        Scan it with your authenticator app, or type this key: <code className="two-factor-secret">{setup.secret}</code>
      </p>
    </div>
  );
}

/** One code field and its button; the server's sentence under it when the code was refused. */
export function CodeForm({
  label,
  submitLabel,
  error,
  pending,
  onSubmit,
  autoFocus = false,
}: {
  label: string;
  submitLabel: string;
  error: string | null;
  pending: boolean;
  onSubmit(code: string): void;
  autoFocus?: boolean;
}) {
  const [code, setCode] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <form className="two-factor-code" onSubmit={submit} aria-label={submitLabel}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        inputMode="text"
        autoComplete="one-time-code"
        required
        maxLength={40}
        autoFocus={autoFocus}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p className="two-factor-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}

/** Recovery codes, shown once: the person keeps them somewhere safe, then goes on. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone(): void; doneLabel: string }) {
  return (
    <div className="two-factor-recovery" role="region" aria-label="Recovery codes">
      <p>
        Keep these recovery codes somewhere safe. Each works once, in place of a code, if you lose your phone. They are
        not shown again.
      </p>
      <ul className="two-factor-recovery-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button button-primary" onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}

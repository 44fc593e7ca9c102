import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useLazyModel } from '../../../core';
import { passkeysModel } from './passkeys-model-loader';

/**
 * The second step's passkey button, when the held user has a passkey: the browser asks for the key
 * on the click (Safari wants a click for it), and the log-in ends on the page it started from.
 */
export function PasskeyChoice({ redirectTo }: { redirectTo: string }) {
  const model = useLazyModel(passkeysModel);
  const [methods, error, signingIn, opened, chosen] = useUnit([
    model.$methods,
    model.$error,
    model.$signingIn,
    model.stepOpened,
    model.passkeyChosen,
  ]);
  useEffect(() => {
    opened({ redirectTo });
  }, [opened, redirectTo]);
  if (!methods?.passkey) return null;
  return (
    <div className="passkey-choice">
      <p>Confirm with the passkey or security key you added.</p>
      <button
        type="button"
        className="button button-primary"
        autoFocus
        disabled={signingIn}
        aria-busy={signingIn}
        onClick={() => chosen()}
        aria-describedby={error ? 'passkey-choice-error' : undefined}
      >
        Use a passkey
      </button>
      {error && (
        <p className="two-factor-error" id="passkey-choice-error" role="alert">
          {error}
        </p>
      )}
      <p className="muted">Or enter a code:</p>
    </div>
  );
}

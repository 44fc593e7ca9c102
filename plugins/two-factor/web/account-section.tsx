import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useLazyModel } from '../../../core';
import type { AccountSettingsSectionProps } from '../../accounts/web/extension-points';
import { twoFactorModel } from './two-factor-model-loader';

/** The account settings' "Two-factor sign-in" section: an admin requires it of the members. */
export default function TwoFactorAccountSection({ accountId, isAccountAdmin }: AccountSettingsSectionProps) {
  const model = useLazyModel(twoFactorModel);
  const [required, error, opened, changed] = useUnit([
    model.$required,
    model.$policyError,
    model.policyOpened,
    model.policyChanged,
  ]);
  useEffect(() => {
    if (isAccountAdmin) opened(accountId);
  }, [accountId, isAccountAdmin, opened]);
  if (!isAccountAdmin) return <p className="muted">Account admins may require two-factor sign-in of members.</p>;
  return (
    <div>
      <label className="two-factor-policy">
        <input
          type="checkbox"
          checked={required ?? false}
          disabled={required === null}
          onChange={(e) => changed({ accountId, required: e.target.checked })}
          aria-describedby={error ? 'two-factor-policy-error' : undefined}
        />{' '}
        Require two-factor sign-in of every member
      </label>
      <p className="muted">Members without it are logged out and set it up at their next log-in.</p>
      {error && (
        <p className="two-factor-error" id="two-factor-policy-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

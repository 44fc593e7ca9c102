import { useUnit } from 'effector-react';
import { useLazyModel } from '../../../core';
import type { AccountSettingsSectionProps } from '../../accounts/web/extension-points';
import { ssoModel } from './sso-model-loader';

/** The account settings' "Single sign-on" section: the way into the SSO admin portal. */
export default function SsoAccountSection({ accountId, isAccountAdmin }: AccountSettingsSectionProps) {
  const model = useLazyModel(ssoModel);
  const [open, pending] = useUnit([model.adminPortalRequested, model.adminPortalFx.pending]);
  if (!isAccountAdmin) return <p className="sso-hint">Account admins set up single sign-on.</p>;
  return (
    <div>
      <p className="sso-hint">
        Let people of your e-mail domains sign in through your identity provider (OpenID Connect).
      </p>
      <button type="button" className="button" disabled={pending} onClick={() => open(accountId)}>
        Open SSO admin portal
      </button>
    </div>
  );
}

import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { ACCOUNTS_PAGES } from '../../common/accounts-contract';
import { AccountsDialogs } from '../dialogs/accounts-dialogs';
import { useAccountsModel } from './use-accounts-model';
import './accounts.css';

/** The account pages' common frame: the account's name, the three tabs, and the popups' host. */
export function AccountsPageFrame({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const model = useAccountsModel();
  const [account, isAdmin] = useUnit([model.$currentAccount, model.$isAccountAdmin]);
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <p className="page-eyebrow">
            {account?.attributes.name ?? ' '}
            {account && !isAdmin ? ' · member' : ''}
          </p>
          <h1>{title}</h1>
        </div>
        {actions}
      </header>
      <nav className="accounts-tabs" aria-label="Account sections">
        <NavLink to={ACCOUNTS_PAGES.settings} end>
          Settings
        </NavLink>
        <NavLink to={ACCOUNTS_PAGES.members}>Members</NavLink>
        <NavLink to={ACCOUNTS_PAGES.workspaces}>Workspaces</NavLink>
      </nav>
      {children}
      <AccountsDialogs />
    </div>
  );
}

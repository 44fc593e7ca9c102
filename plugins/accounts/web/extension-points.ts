import { defineExtensionPoint, type PageSectionContribution } from '../../../core';

/**
 * Extension points of the accounts plugin. Data and types only: plugin definitions import this file,
 * and outside plugins reach it as `@polycue/plugins/accounts`.
 */

/** What an account-settings section is drawn with: the account shown and whether the viewer administers it. */
export interface AccountSettingsSectionProps {
  accountId: string;
  isAccountAdmin: boolean;
}

/**
 * Sections of `/account` below the name and the avatar: plans and billing, single sign-on,
 * connected channels. Each is lazily loaded under its own heading, in `order`.
 */
export const accountSettingsSections =
  defineExtensionPoint<PageSectionContribution<AccountSettingsSectionProps>>('accounts.settingsSections');

import { defineDomainEvent } from '../../../core/common/domain-event';

/** The settings a change shows (never the client secret: only whether it was replaced). */
export interface SsoSettingsSnapshot {
  issuer: string;
  clientId: string;
  domains: string[];
  defaultRole: string;
  requireSso: boolean;
}

/**
 * An account admin saved or removed the account's single sign-on settings (docs/plugins.md,
 * "Domain events"), in the transaction of the change, with the account as tenant.
 */
export const SSO_SETTINGS_CHANGED = defineDomainEvent<{
  before: SsoSettingsSnapshot | null;
  after: SsoSettingsSnapshot | null;
  secretReplaced: boolean;
}>('sso.settingsChanged', 1);

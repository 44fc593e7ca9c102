import type { AccountSettingsSectionProps } from '@polycue/plugins/accounts';

/** A section of account settings (`accountSettingsSections`): drawn under its title with the account shown. */
export default function HelloSettingsSection({ isAccountAdmin }: AccountSettingsSectionProps) {
  return (
    <p className="muted">
      {isAccountAdmin ? 'Greetings are on for every workspace of this account.' : 'Ask an admin to change greetings.'}
    </p>
  );
}

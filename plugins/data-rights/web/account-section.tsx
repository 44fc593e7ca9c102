import type { AccountSettingsSectionProps } from '../../accounts/web/extension-points';
import DeleteAccountSection from './delete-account-section';
import ExportSection from './export-section';

/** The account settings' "Export and deletion" section: one contribution, so the initial JavaScript carries one. */
export default function DataRightsAccountSection(props: AccountSettingsSectionProps) {
  return (
    <>
      <ExportSection {...props} />
      <h3 className="data-rights-heading">Delete the account</h3>
      <DeleteAccountSection {...props} />
    </>
  );
}

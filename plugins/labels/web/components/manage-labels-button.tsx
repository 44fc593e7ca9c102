import { SHELL_CHROME, useService } from '../../../../core';
import { loadLabelsManager } from '../labels-command-ids';

export function ManageLabelsButton() {
  const chrome = useService(SHELL_CHROME);
  return (
    <button type="button" className="button" onClick={() => chrome.openDialog(loadLabelsManager)}>
      Manage labels
    </button>
  );
}

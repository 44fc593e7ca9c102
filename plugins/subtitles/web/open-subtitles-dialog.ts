import { SHELL_CHROME, type Container } from '../../../core';
import type { SubtitlesDialog } from './model/subtitles-model';
import { loadSubtitlesDialog, loadSubtitlesModel } from './subtitles-model-loader';

/** Sets what the popup acts on, then asks the shell to show it (model and popup load on first use). */
export async function openSubtitlesDialog(container: Container, dialog: SubtitlesDialog): Promise<void> {
  const model = await loadSubtitlesModel(container);
  model.dialogOpened(dialog);
  container.get(SHELL_CHROME).openDialog(loadSubtitlesDialog);
}

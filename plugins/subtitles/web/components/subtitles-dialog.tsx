import * as React from 'react';
import { useEffect } from 'react';
import { useUnit } from 'effector-react';
import { useContainer } from '../../../../core';
import type { SubtitlesModel } from '../model/subtitles-model';
import { loadSubtitlesModel } from '../subtitles-model-loader';
import { DownloadDialog } from './download-subtitles-dialog';
import { ImportDialog } from './import-subtitle-dialog';
import { ShareDialog } from './share-subtitle-dialog';
import './subtitles.css';

export function useSubtitlesModel(): SubtitlesModel {
  return React.use(loadSubtitlesModel(useContainer()));
}

/**
 * The subtitles popups (docs/product-contract.md#screens-and-routes: import SRT, external token; the download chooser), shown by the
 * shell's dialog host. Which one, and what it acts on, is the model's `$dialog`; when the model
 * closes it (an import or a download done) the shell's dialog closes too.
 */
export default function SubtitlesDialog({ onClose }: { onClose: () => void }) {
  const model = useSubtitlesModel();
  const [dialog, closed] = useUnit([model.$dialog, model.dialogClosed]);
  const close = () => {
    closed();
    onClose();
  };
  useEffect(() => {
    if (dialog === null) onClose();
  }, [dialog, onClose]);
  if (!dialog) return null;
  if (dialog.kind === 'import')
    return (
      <ImportDialog
        model={model}
        projectVersionId={dialog.projectVersionId}
        subtitleId={dialog.subtitleId}
        onClose={close}
      />
    );
  if (dialog.kind === 'download')
    return <DownloadDialog model={model} projectVersionIds={dialog.projectVersionIds} onClose={close} />;
  return <ShareDialog model={model} subtitleId={dialog.subtitleId} onClose={close} />;
}

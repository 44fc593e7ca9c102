import { Dialog } from '../../../../core/ui';

/** "Delete project version" popup (docs/product-contract.md#screens-and-routes), for one or many selected versions. */
export function DeleteProjectVersionsDialog({
  count,
  pending,
  onConfirm,
  onClose,
}: {
  count: number;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const what = count === 1 ? 'this project version' : `these ${count} project versions`;
  return (
    <Dialog label="Delete project versions" onClose={onClose}>
      <div className="dialog-header">
        <h2>Delete project versions</h2>
      </div>
      <div className="projects-dialog-body">
        <p>
          Delete {what}? Their subtitles go with them. For a short while you can bring them back with Undo in the
          notification that follows.
        </p>
        <div className="projects-dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending}
          >
            Delete {count === 1 ? 'project version' : `${count} project versions`}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import { createStore } from 'effector';
import { useUnit } from 'effector-react';
import { useContainer } from '../../../../core';
import { Dialog } from '../../../../core/ui';
import { PROJECTS_TABLE_HOST, type ProjectsTableHost } from '../../../projects/web/extension-points';
import { CAPTION_MAX_LENGTH, type LabelResource } from '../../common/labels-contract';
import { useLabelsModel } from './use-labels-model';
import './labels.css';

/**
 * The labels manager popup: create (optionally assigning the new label to the selected project
 * versions, docs/product-contract.md#states-and-transitions), rename and delete labels. Rename and delete open in place of the row.
 */
export default function LabelsManager({ onClose }: { onClose: () => void }) {
  const model = useLabelsModel();
  const [labels, loading] = useUnit([model.$labels, model.$loading]);
  const container = useContainer();
  const host = container.isBound(PROJECTS_TABLE_HOST) ? container.get(PROJECTS_TABLE_HOST) : null;
  return (
    <Dialog label="Labels" onClose={onClose} className="labels-manager">
      <div className="dialog-header">
        <h2>Labels</h2>
      </div>
      <div className="labels-manager-body">
        <CreateLabelForm host={host} />
        {labels.length === 0 ? (
          <p className="muted">
            {loading
              ? 'Loading labels…'
              : 'No labels yet. Labels group project versions so you can filter and act on them together.'}
          </p>
        ) : (
          <ul className="labels-list" aria-label="Labels of this workspace">
            {labels.map((label) => (
              <LabelRow key={label.id} label={label} />
            ))}
          </ul>
        )}
        <div className="projects-dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function CreateLabelForm({ host }: { host: ProjectsTableHost | null }) {
  const model = useLabelsModel();
  const [creating, create] = useUnit([model.$creating, model.createSubmitted]);
  const selection = useSelection(host);
  const [caption, setCaption] = useState('');
  const [assign, setAssign] = useState(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!caption.trim() || creating) return;
    create({ caption, projectVersionIds: assign && selection.size > 0 ? [...selection] : [] });
    setCaption('');
  };
  return (
    <form className="labels-create" onSubmit={submit}>
      <div className="labels-create-row">
        <input
          aria-label="New label"
          placeholder="New label"
          maxLength={CAPTION_MAX_LENGTH}
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={!caption.trim() || creating}
          aria-busy={creating}
        >
          Create label
        </button>
      </div>
      {selection.size > 0 && (
        <label>
          <input type="checkbox" checked={assign} onChange={(e) => setAssign(e.target.checked)} />
          Assign it to the{' '}
          {selection.size === 1 ? 'selected project version' : `${selection.size} selected project versions`}
        </label>
      )}
    </form>
  );
}

const NONE: ReadonlySet<string> = new Set();
function useSelection(host: ProjectsTableHost | null): ReadonlySet<string> {
  // The store is fixed for the dialog's life, so the hook order never changes.
  return useUnit(host ? host.$selection : EMPTY_STORE);
}
const EMPTY_STORE = createStore<ReadonlySet<string>>(NONE);

function LabelRow({ label }: { label: LabelResource }) {
  const model = useLabelsModel();
  const [rename, remove] = useUnit([model.renameSubmitted, model.deleteConfirmed]);
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [caption, setCaption] = useState(label.attributes.caption);
  const name = label.attributes.caption;
  if (mode === 'rename') {
    return (
      <li>
        <form
          className="labels-create-row"
          style={{ flex: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (caption.trim() && caption.trim() !== name) rename({ labelId: label.id, caption });
            setMode('view');
          }}
        >
          <input
            aria-label={`New name for ${name}`}
            maxLength={CAPTION_MAX_LENGTH}
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            autoFocus
          />
          <button type="submit" className="button button-primary">
            Rename
          </button>
          <button type="button" className="button" onClick={() => setMode('view')}>
            Cancel
          </button>
        </form>
      </li>
    );
  }
  if (mode === 'delete') {
    return (
      <li>
        <span className="labels-caption">Delete “{name}”? It is removed from every project version.</span>
        <button type="button" className="button labels-danger" onClick={() => remove(label.id)}>
          Delete label
        </button>
        <button type="button" className="button" onClick={() => setMode('view')}>
          Cancel
        </button>
      </li>
    );
  }
  return (
    <li>
      <span className="labels-caption">{name}</span>
      <span className="muted">{label.attributes.projectVersionCount}</span>
      <button
        type="button"
        className="link-button"
        aria-label={`Rename ${name}`}
        onClick={() => (setCaption(name), setMode('rename'))}
      >
        Rename
      </button>
      <button type="button" className="link-button" aria-label={`Delete ${name}`} onClick={() => setMode('delete')}>
        Delete
      </button>
    </li>
  );
}

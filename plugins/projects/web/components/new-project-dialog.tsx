import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { Dialog } from '../../../../core/ui';
import { MAX_URLS_PER_SUBMIT } from '../../common/projects-contract';
import { parseLinks } from '../model/links-model';
import type { NewProjectMode } from '../model/projects-model';
import type { UploadItem } from '../model/uploads-model';
import { FailedLinkRow } from './failed-links';
import { formatBytes } from './project-version-cells';
import { formatDuration } from '../../../../core/common/duration';
import { useProjectsModel } from './use-projects-model';

const UPLOAD_STATE_LABELS: Record<UploadItem['state'], string> = {
  uploading: 'Uploading',
  creating: 'Creating the project…',
  done: 'Project created',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** "New project" popup: upload video files (resumable, a progress bar per file) or paste links. */
export function NewProjectDialog({ mode }: { mode: NewProjectMode }) {
  const model = useProjectsModel();
  const [open, close] = useUnit([model.newProjectOpened, model.newProjectClosed]);
  return (
    <Dialog label="New project" onClose={close} className="projects-new-dialog">
      <div className="dialog-header">
        <h2>New project</h2>
      </div>
      <div className="projects-tabs" role="tablist" aria-label="How to add videos">
        <button type="button" role="tab" aria-selected={mode === 'upload'} onClick={() => open('upload')}>
          Upload files
        </button>
        <button type="button" role="tab" aria-selected={mode === 'links'} onClick={() => open('links')}>
          Paste links
        </button>
      </div>
      <div className="projects-dialog-body" role="tabpanel">
        {mode === 'upload' ? <UploadPanel /> : <LinksPanel />}
        <div className="projects-dialog-actions">
          <button type="button" className="button" onClick={close}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function UploadPanel() {
  const { uploads } = useProjectsModel();
  const [list, choose, cancel, clearFinished] = useUnit([
    uploads.$uploads,
    uploads.filesChosen,
    uploads.uploadCancelled,
    uploads.finishedCleared,
  ]);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files].filter((f) => /^(video|audio)\//.test(f.type) || f.type === '');
    if (files.length) choose(files);
  };
  return (
    <>
      <div
        className={`projects-dropzone${dragging ? ' is-dragging' : ''}`}
        onDragOver={(e) => (e.preventDefault(), setDragging(true))}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drop video files here, or</p>
        <label className="button button-primary">
          Choose video files
          <input
            ref={input}
            className="visually-hidden"
            type="file"
            multiple
            accept="video/*,audio/*"
            aria-label="Video files"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              if (files.length) choose(files);
              e.target.value = '';
            }}
          />
        </label>
        <p className="muted">Uploads continue where they stopped if the connection drops.</p>
      </div>
      {list.length > 0 && (
        <>
          <ul className="projects-upload-list" aria-label="Uploads">
            {list.map((u) => (
              <li key={u.id} className={`projects-upload projects-upload-${u.state}`}>
                <div className="projects-upload-row">
                  <span className="projects-upload-name">{u.name}</span>
                  <span className="muted">{formatBytes(u.size)}</span>
                  <span>
                    {u.state === 'uploading' ? `${Math.floor(u.progress * 100)}%` : UPLOAD_STATE_LABELS[u.state]}
                  </span>
                  {u.state === 'uploading' && (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => cancel(u.id)}
                      aria-label={`Cancel upload of ${u.name}`}
                    >
                      Cancel
                    </button>
                  )}
                </div>
                <progress aria-label={`Upload of ${u.name}`} max={1} value={u.progress} />
                {u.error && <p className="projects-error">{u.error}</p>}
              </li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => clearFinished()}>
            Clear finished uploads
          </button>
        </>
      )}
    </>
  );
}

function LinksPanel() {
  const { links } = useProjectsModel();
  const [followed, pending, submit] = useUnit([links.$followed, links.$submittingLinks, links.linksSubmitted]);
  const [text, setText] = useState('');
  const count = parseLinks(text).length;
  const tooMany = count > MAX_URLS_PER_SUBMIT;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (count === 0 || tooMany || pending) return;
    submit(text);
    setText('');
  };
  return (
    <form className="projects-links-form" onSubmit={onSubmit}>
      <label>
        Links (one per line)
        <textarea value={text} onChange={(e) => setText(e.target.value)} placeholder="https://…" rows={4} />
      </label>
      <p className={tooMany ? 'projects-error' : 'muted'}>
        {tooMany
          ? `At most ${MAX_URLS_PER_SUBMIT} links at a time`
          : 'A video page or a direct link to a file; it is downloaded on our side.'}
      </p>
      <div className="projects-dialog-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={count === 0 || tooMany || pending}
          aria-busy={pending}
        >
          {count > 1 ? `Import ${count} links` : 'Import link'}
        </button>
      </div>
      {followed.length > 0 && (
        <ul className="projects-upload-list" aria-label="Imported links">
          {followed.map((e) =>
            e.failure ? (
              <FailedLinkRow key={e.id} element={e} />
            ) : (
              <li key={e.id} className="projects-upload">
                <div className="projects-upload-row">
                  <span className="projects-upload-name">{e.title || e.sourceUrl}</span>
                  <span>
                    {e.downloading
                      ? 'Downloading…'
                      : `Ready · ${formatBytes(e.size)} · ${formatDuration(e.duration, { unknown: '—' })}`}
                  </span>
                </div>
                {e.downloading && <progress aria-label={`Download of ${e.title || e.sourceUrl}`} />}
              </li>
            ),
          )}
        </ul>
      )}
    </form>
  );
}

import * as React from 'react';
import { useEffect, useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { languageName, useContainer } from '../../../../core';
import { Dialog } from '../../../../core/ui';
import {
  DOWNLOAD_FORMATS,
  IMPORT_ACCEPT,
  type DownloadFormat,
  type SubtitleResource,
} from '../../common/subtitles-contract';
import type { SubtitlesModel } from '../model/subtitles-model';
import { loadSubtitlesModel } from '../subtitles-model-loader';
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

function Frame({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  return (
    <Dialog label={title} onClose={onClose} className="subtitles-dialog">
      <div className="dialog-header">
        <h2>{title}</h2>
      </div>
      {children}
    </Dialog>
  );
}

/** Picks one of the version's subtitles, or (import only) names a language for a new one. */
function SubtitleChoice({
  subtitles,
  value,
  onChange,
  allowNew,
}: {
  subtitles: SubtitleResource[];
  value: string;
  onChange: (value: string) => void;
  allowNew: boolean;
}) {
  return (
    <label className="subtitles-field">
      <span>Subtitle</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {subtitles.map((s) => (
          <option key={s.id} value={s.id}>
            {languageName(s.attributes.language)} · {s.attributes.kind} · {s.attributes.cuesCount} cues
          </option>
        ))}
        {allowNew && <option value="">New subtitle…</option>}
      </select>
    </label>
  );
}

function ImportDialog({
  model,
  projectVersionId,
  subtitleId,
  onClose,
}: {
  model: SubtitlesModel;
  projectVersionId: string;
  subtitleId?: string;
  onClose: () => void;
}) {
  const [subtitles, pending, error, submit] = useUnit([
    model.$versionSubtitles,
    model.importFx.pending,
    model.$importError,
    model.importSubmitted,
  ]);
  const [chosen, setChosen] = useState(subtitleId ?? '');
  const [language, setLanguage] = useState('en');
  const [file, setFile] = useState<File | null>(null);
  const [keepSpeakers, setKeepSpeakers] = useState(false);
  useEffect(() => {
    if (!subtitleId && !chosen && subtitles.length > 0) setChosen(subtitles[0].id);
  }, [subtitles, subtitleId, chosen]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || pending) return;
    submit({
      projectVersionId,
      subtitleId: chosen || undefined,
      language: chosen ? undefined : language.trim(),
      file,
      fileName: file.name,
      keepSpeakers,
    });
  };
  return (
    <Frame title="Import subtitle file" onClose={onClose}>
      <form className="subtitles-form" onSubmit={onSubmit}>
        {!subtitleId && <SubtitleChoice subtitles={subtitles} value={chosen} onChange={setChosen} allowNew />}
        {!subtitleId && !chosen && (
          <label className="subtitles-field">
            <span>Language code</span>
            <input
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
              placeholder="en"
              required
              pattern="[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}"
            />
          </label>
        )}
        <label className="subtitles-field">
          <span>File (SRT, WebVTT, ASS/SSA, SBV or TTML)</span>
          <input
            type="file"
            name="srt_content"
            accept={IMPORT_ACCEPT}
            required
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <label className="subtitles-check">
          <input type="checkbox" checked={keepSpeakers} onChange={(e) => setKeepSpeakers(e.target.checked)} /> Keep the
          speaker names from the file
        </label>
        <p className="muted">The file replaces every cue of the subtitle. A file with an error changes nothing.</p>
        {error && (
          <p className="subtitles-error" role="alert">
            {error}
          </p>
        )}
        <div className="subtitles-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={!file || pending} aria-busy={pending}>
            {pending ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
    </Frame>
  );
}

const FORMAT_LABELS: Record<DownloadFormat, string> = {
  srt: 'SubRip (.srt)',
  vtt: 'WebVTT (.vtt)',
  ass: 'Advanced SubStation (.ass)',
  ttml: 'TTML (.ttml)',
  sbv: 'YouTube SBV (.sbv)',
  txt: 'Plain text (.txt)',
};

function DownloadDialog({
  model,
  projectVersionIds,
  onClose,
}: {
  model: SubtitlesModel;
  projectVersionIds: string[];
  onClose: () => void;
}) {
  const [pending, submit] = useUnit([model.downloadFx.pending, model.downloadSubmitted]);
  const [formats, setFormats] = useState<DownloadFormat[]>(['srt']);
  const [languages, setLanguages] = useState('');
  const toggle = (format: DownloadFormat) =>
    setFormats((list) => (list.includes(format) ? list.filter((f) => f !== format) : [...list, format]));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosenLanguages = languages.split(/[\s,]+/).filter(Boolean);
    submit({
      projectVersionIds,
      formats: DOWNLOAD_FORMATS.filter((f) => formats.includes(f)),
      languages: chosenLanguages.length ? chosenLanguages : undefined,
    });
  };
  const count = projectVersionIds.length;
  return (
    <Frame title="Download subtitles" onClose={onClose}>
      <form className="subtitles-form" onSubmit={onSubmit}>
        <p className="muted">
          Every subtitle of {count === 1 ? 'this project version' : `${count} project versions`}, as one zip file.
        </p>
        <fieldset className="subtitles-formats">
          <legend>Formats</legend>
          {DOWNLOAD_FORMATS.map((format) => (
            <label key={format} className="subtitles-check">
              <input type="checkbox" checked={formats.includes(format)} onChange={() => toggle(format)} />{' '}
              {FORMAT_LABELS[format]}
            </label>
          ))}
        </fieldset>
        <label className="subtitles-field">
          <span>Only these languages (optional, e.g. “en, fr”)</span>
          <input value={languages} onChange={(e) => setLanguages(e.target.value)} />
        </label>
        <div className="subtitles-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={formats.length === 0 || pending}
            aria-busy={pending}
          >
            {pending ? 'Preparing…' : 'Download'}
          </button>
        </div>
      </form>
    </Frame>
  );
}

function ShareDialog({
  model,
  subtitleId,
  onClose,
}: {
  model: SubtitlesModel;
  subtitleId?: string;
  onClose: () => void;
}) {
  const [subtitles, chosen, choose, tokens, createdUrl, creating, create, revoke] = useUnit([
    model.$versionSubtitles,
    model.$shareSubtitleId,
    model.shareSubtitleChosen,
    model.$tokens,
    model.$createdUrl,
    model.createTokenFx.pending,
    model.createLinkRequested,
    model.revokeRequested,
  ]);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!subtitleId && !chosen && subtitles.length > 0) choose(subtitles[0].id);
  }, [subtitleId, chosen, subtitles, choose]);
  useEffect(() => setCopied(false), [createdUrl]);
  // "Create link" is disabled while it works (which drops focus): the new link takes it, selected to copy.
  const linkField = React.useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (createdUrl) linkField.current?.focus();
  }, [createdUrl]);
  const copy = async () => {
    if (!createdUrl) return;
    await navigator.clipboard?.writeText(createdUrl).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Frame title="Share link" onClose={onClose}>
      <div className="subtitles-form">
        {!subtitleId &&
          (subtitles.length > 0 ? (
            <SubtitleChoice subtitles={subtitles} value={chosen ?? ''} onChange={choose} allowNew={false} />
          ) : (
            <p className="muted">This project version has no subtitles yet.</p>
          ))}
        <p className="muted">
          Anyone with the link can watch the video with this subtitle, without an account. Revoke it to stop that.
        </p>
        {createdUrl && (
          <div className="subtitles-link">
            <input
              ref={linkField}
              readOnly
              value={createdUrl}
              aria-label="Link to share"
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className="button" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        )}
        <div className="subtitles-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={!chosen || creating}
            aria-busy={creating}
            onClick={() => chosen && create(chosen)}
          >
            Create link
          </button>
        </div>
        {tokens.length > 0 && (
          <>
            <h3>Active links</h3>
            <ul className="subtitles-tokens" aria-label="Active links">
              {tokens.map((token) => (
                <li key={token.id}>
                  <span>
                    Created {new Date(token.attributes.createdAt).toLocaleString()}
                    {token.attributes.createdByName ? ` by ${token.attributes.createdByName}` : ''}
                  </span>
                  <button type="button" className="button" onClick={() => revoke(token.id)}>
                    Revoke
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Frame>
  );
}

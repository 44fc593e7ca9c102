import { useEffect, useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { IMPORT_ACCEPT } from '../../common/subtitles-contract';
import type { SubtitlesModel } from '../model/subtitles-model';
import { Frame, SubtitleChoice } from './subtitle-dialog-parts';

/** Import a subtitle file (SRT and the other formats the readers know) into a version's subtitle, or a new one. */
export function ImportDialog({
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

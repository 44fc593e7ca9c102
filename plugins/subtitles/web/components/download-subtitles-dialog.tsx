import { useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../common/subtitles-contract';
import type { SubtitlesModel } from '../model/subtitles-model';
import { Frame } from './subtitle-dialog-parts';

/** The download popup: which formats (and languages) of the chosen versions' subtitles go into the archive. */
const FORMAT_LABELS: Record<DownloadFormat, string> = {
  srt: 'SubRip (.srt)',
  vtt: 'WebVTT (.vtt)',
  ass: 'Advanced SubStation (.ass)',
  ttml: 'TTML (.ttml)',
  sbv: 'YouTube SBV (.sbv)',
  txt: 'Plain text (.txt)',
};

export function DownloadDialog({
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

import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { languageName, normaliseError, TOKENS, useContainer, useService } from '../../../../core';
import type { ProjectVersionSectionProps } from '../../../projects/web/extension-points';
import { SUBTITLES_PATHS, type SubtitleResource, type SubtitlesResponse } from '../../common/subtitles-contract';
import { openSubtitlesDialog } from '../open-subtitles-dialog';
import { reviewLine } from '../review-column';
import { ReviewSettingToggle } from './review-setting-toggle';
import './subtitles.css';

type Listed =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; subtitles: SubtitleResource[] };

/** A project version's subtitles by language, on its page: open one, download them, share one, import a file. */
export default function VersionSubtitlesSection({ projectVersionId }: ProjectVersionSectionProps) {
  const api = useService(TOKENS.ApiClient);
  const container = useContainer();
  const [listed, setListed] = useState<Listed>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    api
      .get<SubtitlesResponse>(SUBTITLES_PATHS.subtitles(projectVersionId))
      .then(({ data }) => live && setListed({ state: 'ready', subtitles: data.data }))
      .catch((error: unknown) => live && setListed({ state: 'failed', message: normaliseError(error).message }));
    return () => {
      live = false;
    };
  }, [api, projectVersionId]);

  const importFile = () => void openSubtitlesDialog(container, { kind: 'import', projectVersionId });
  if (listed.state === 'loading')
    return (
      <p className="muted" aria-busy="true">
        Loading subtitles…
      </p>
    );
  if (listed.state === 'failed') return <p className="muted">Subtitles could not be listed: {listed.message}</p>;
  if (listed.subtitles.length === 0) {
    return (
      <div className="version-subtitles-empty">
        <p className="muted">No subtitles yet: set them up from the palette (Set up subtitles…) or import a file.</p>
        <button type="button" className="button" onClick={importFile}>
          Import subtitle file…
        </button>
      </div>
    );
  }
  return (
    <>
      <ul className="version-subtitles" aria-label="Subtitles by language">
        {listed.subtitles.map((subtitle) => (
          <li key={subtitle.id}>
            <Link to={subtitle.attributes.editorUrl}>{languageName(subtitle.attributes.language)}</Link>
            <span className="muted">
              {subtitle.attributes.kind === 'transcript' ? 'Transcript' : 'Translation'} ·{' '}
              {subtitle.attributes.cuesCount === 1 ? '1 cue' : `${subtitle.attributes.cuesCount} cues`}
              {subtitle.attributes.cuesCount > 0 && ` · ${reviewLine(subtitle.attributes)}`}
            </span>
            <button
              type="button"
              className="link-button"
              aria-label={`Share ${languageName(subtitle.attributes.language)} subtitles`}
              onClick={() =>
                void openSubtitlesDialog(container, { kind: 'share', projectVersionId, subtitleId: subtitle.id })
              }
            >
              Share…
            </button>
          </li>
        ))}
      </ul>
      <ReviewSettingToggle />
      <div className="version-subtitles-actions">
        <button
          type="button"
          className="button"
          onClick={() =>
            void openSubtitlesDialog(container, { kind: 'download', projectVersionIds: [projectVersionId] })
          }
        >
          Download subtitles…
        </button>
        <button type="button" className="button" onClick={importFile}>
          Import subtitle file…
        </button>
      </div>
    </>
  );
}

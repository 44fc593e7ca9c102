import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { languageName, normaliseError, TOKENS, useContainer, useService } from '../../../../core';
import type { ProjectVersionSectionProps } from '../../../projects/web/extension-points';
import {
  PIPELINE_PATHS,
  PROCESSING_POLL_INTERVAL_MS,
  PROCESSING_STEP_LABELS,
  processingPage,
  type ProcessingInfo,
  type ProcessingInfoResponse,
} from '../../common/pipeline-contract';
import { openSetup } from '../pipeline-actions';
import { ProgressBar } from './progress-bar';
import './pipeline.css';

type Loaded =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; info: ProcessingInfo | null };

/**
 * A project version's processing, on its page: the latest run's state (with its progress while it
 * runs, and why it failed), a link to `/processing`, and the voice-overs it made (play, download).
 */
export default function VersionProcessingSection({ projectVersionId }: ProjectVersionSectionProps) {
  const api = useService(TOKENS.ApiClient);
  const container = useContainer();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const running = loaded.state === 'ready' && (loaded.info?.state === 'running' || loaded.info?.state === 'queued');

  useEffect(() => {
    let live = true;
    const load = () =>
      api
        .get<ProcessingInfoResponse>(PIPELINE_PATHS.showProcessingInfo(projectVersionId))
        .then(({ data }) => live && setLoaded({ state: 'ready', info: data.data }))
        .catch((error: unknown) => live && setLoaded({ state: 'failed', message: normaliseError(error).message }));
    void load();
    // While a run goes on, follow it here too.
    const timer = running ? setInterval(load, PROCESSING_POLL_INTERVAL_MS) : undefined;
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, projectVersionId, running]);

  if (loaded.state === 'loading')
    return (
      <p className="muted" aria-busy="true">
        Loading processing…
      </p>
    );
  if (loaded.state === 'failed') return <p className="muted">Processing could not be loaded: {loaded.message}</p>;
  const { info } = loaded;
  if (!info) {
    return (
      <div className="version-processing-empty">
        <p className="muted">Not processed yet.</p>
        <div className="pipeline-links">
          <button
            type="button"
            className="button"
            onClick={() => void openSetup({ container }, 'subtitles', [projectVersionId])}
          >
            Set up subtitles…
          </button>
          <button
            type="button"
            className="button"
            onClick={() => void openSetup({ container }, 'voiceOver', [projectVersionId])}
          >
            Set up voice-over…
          </button>
        </div>
      </div>
    );
  }
  const kind = info.hasVoice ? 'Voice-over' : 'Subtitles';
  const step = PROCESSING_STEP_LABELS[info.currentProcessingStep] ?? info.currentProcessingStep;
  return (
    <>
      <p data-testid="version-run-state">
        {info.state === 'done' && <strong>{kind}: done</strong>}
        {info.state === 'failed' && (
          <strong>
            {kind}: failed
            {info.failure
              ? ` while ${(PROCESSING_STEP_LABELS[info.failure.step] ?? info.failure.step).toLowerCase()}: ${info.failure.message}`
              : ''}
          </strong>
        )}
        {(info.state === 'running' || info.state === 'queued') && (
          <strong>
            {kind}:{' '}
            {info.state === 'queued'
              ? 'waiting to start'
              : `${step.toLowerCase()}, ${Math.round(info.progress * 100)}%`}
          </strong>
        )}{' '}
        <Link to={processingPage(projectVersionId)}>Open processing</Link>
      </p>
      {(info.state === 'running' || info.state === 'queued') && (
        <ProgressBar label="Processing progress" value={info.progress} />
      )}
      {info.dubbedMedia.length > 0 && (
        <ul className="version-voice-overs" aria-label="Voice-overs">
          {info.dubbedMedia.map((media) => (
            <li key={media.language}>
              <span>{languageName(media.language)}</span>
              <audio
                controls
                preload="none"
                src={media.audioUrl}
                aria-label={`${languageName(media.language)} voice-over`}
              />
              <a href={media.audioUrl} download>
                Download audio
              </a>
              {media.videoUrl && (
                <a href={media.videoUrl} download>
                  Download video
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

import { Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { editorUrl, PROCESSING_STEP_LABELS, type ProcessingInfo } from '../../common/pipeline-contract';
import { languageName } from '../model/language-options';
import type { ProcessingModel } from '../model/processing-model';
import { ProcessingSteps } from '../components/processing-steps';
import { ProgressBar } from '../components/progress-bar';
import { TranslationReport } from '../components/translation-report';
import { usePipelineModel } from '../components/use-pipeline-model';
import { formatDuration } from '../../../../core/common/duration';
import '../components/pipeline.css';

/** `/processing?projectVersionId=…` (docs/product-contract.md#screens-and-routes): each step of the run as it happens. */
export default function ProcessingPage() {
  const [params] = useSearchParams();
  const projectVersionId = params.get('projectVersionId');
  return (
    <div className="page pipeline-processing-page">
      <p>
        <Link to="/">← All projects</Link>
      </p>
      {projectVersionId ? (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <ProcessingView projectVersionId={projectVersionId} />
        </Suspense>
      ) : (
        <div className="empty-state">
          <h2>No project version given</h2>
          <p className="muted">Open this page from a project you set up.</p>
        </div>
      )}
    </div>
  );
}

function ProcessingView({ projectVersionId }: { projectVersionId: string }) {
  const { processing } = usePipelineModel();
  const [pageOpened, pageClosed] = useUnit([processing.pageOpened, processing.pageClosed]);
  useEffect(() => {
    pageOpened(projectVersionId);
    return () => pageClosed();
  }, [projectVersionId, pageOpened, pageClosed]);
  return <ProcessingContent processing={processing} projectVersionId={projectVersionId} />;
}

function ProcessingContent({
  processing,
  projectVersionId,
}: {
  processing: ProcessingModel;
  projectVersionId: string;
}) {
  const [status, info, run, pollFailing] = useUnit([
    processing.$status,
    processing.$info,
    processing.$run,
    processing.$pollFailing,
  ]);

  if (status === 'idle' || status === 'loading') return <p className="muted">Loading the processing info…</p>;
  if (status === 'failed')
    return <p className="pipeline-error">Processing info could not be loaded. Going back to your projects…</p>;
  if (status === 'empty' || !info || !run) {
    return (
      <div className="empty-state">
        <h2>Nothing is being processed</h2>
        <p className="muted">This project version has not been set up yet. Set it up from your projects.</p>
      </div>
    );
  }

  const failedStep = run.failure ? (PROCESSING_STEP_LABELS[run.failure.step] ?? run.failure.step) : null;
  // A silent video's run is done with empty subtitles: said as such, not a bare "Done".
  const stateText =
    run.state === 'done'
      ? run.noSpeech
        ? NO_SPEECH
        : 'Done'
      : run.state === 'failed'
        ? 'Failed'
        : run.state === 'queued'
          ? 'Waiting to start'
          : 'Processing';
  return (
    <article className="pipeline-processing" aria-label="Processing">
      <header className="page-header">
        <div>
          <p className="page-eyebrow">{info.hasVoice ? 'Subtitles and voice-over' : 'Subtitles'}</p>
          <h1>{info.projectTitle}</h1>
        </div>
      </header>
      <dl className="pipeline-facts">
        <dt>Duration</dt>
        <dd>{formatDuration(info.projectVersionDuration)}</dd>
        <dt>Status</dt>
        <dd aria-live="polite" data-testid="processing-state">
          {stateText}
          {pollFailing && run.state !== 'done' && run.state !== 'failed' && (
            <span className="muted"> · reconnecting…</span>
          )}
        </dd>
      </dl>
      <div>
        <span className="muted">Overall</span>
        <ProgressBar
          label="Overall progress"
          value={run.state === 'done' ? 1 : run.progress}
          state={run.state === 'done' ? 'done' : run.state === 'failed' ? 'failed' : 'running'}
        />
      </div>
      <ProcessingSteps run={run} />
      {run.state === 'failed' && run.failure && (
        <div className="pipeline-failure" role="alert">
          <strong>{failedStep} failed</strong>
          <p>{run.failure.message}</p>
        </div>
      )}
      {run.state === 'done' && run.noSpeech && (
        <div className="pipeline-failure" role="status">
          <strong>{NO_SPEECH}</strong>
          <p>
            The video's sound has no words to subtitle, so its subtitles are empty. You can type them in the editor, or
            set it up again with a transcript.
          </p>
        </div>
      )}
      {run.state === 'done' && <DoneLinks info={info} projectVersionId={projectVersionId} />}
    </article>
  );
}

/** What a done run that heard no word says (issue 22: it said "Done" over empty subtitles). */
const NO_SPEECH = 'No speech heard';

function DoneLinks({ info, projectVersionId }: { info: ProcessingInfo; projectVersionId: string }) {
  const subtitles = info.subtitles.length
    ? info.subtitles
    : [{ subtitleId: info.subtitleId, language: '', kind: 'transcript' as const }];
  const reportOf = (language: string) => info.translations?.find((report) => report.language === language);
  return (
    <section className="pipeline-done" aria-label="Results">
      <strong>Your subtitles are ready.</strong>
      <ul>
        {subtitles.map((subtitle) => (
          <li key={subtitle.subtitleId}>
            <Link to={editorUrl(info.projectId, projectVersionId, subtitle.subtitleId)}>
              {subtitle.language ? `${languageName(subtitle.language)} subtitles` : 'Subtitles'}
              {subtitle.kind === 'transcript' ? ' (transcript)' : ''}
            </Link>
            {reportOf(subtitle.language) && <TranslationReport report={reportOf(subtitle.language)!} />}
          </li>
        ))}
        {info.dubbedMedia.map((media) => (
          <li key={media.language}>
            <a href={media.videoUrl ?? media.audioUrl}>{languageName(media.language)} voice-over</a>
          </li>
        ))}
      </ul>
      <div className="pipeline-links">
        <Link className="button" to="/">
          Back to projects
        </Link>
      </div>
    </section>
  );
}

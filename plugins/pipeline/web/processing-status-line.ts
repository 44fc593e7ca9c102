import { languageName } from '../../../core';
import type { ProjectVersionResource, ProjectsStatusLine } from '../../projects/web/extension-points';
import { PROCESSING_STEP_LABELS, type ProcessingSummary } from '../common/pipeline-contract';

/**
 * The pipeline's line in a row's Status cell, from the list's `processing` column: waiting,
 * processing with its progress, failed and why, or (a voice-over) dubbed in which languages. A
 * plain run that is done says nothing here: the subtitles' own line names the languages.
 */
export function processingStatusLine(row: ProjectVersionResource): ProjectsStatusLine | null {
  const run = (row.attributes as { processing?: ProcessingSummary | null }).processing;
  if (!run) return null;
  if (run.state === 'queued') return { text: 'Queued', tone: 'busy' };
  if (run.state === 'running') return { text: `Processing ${Math.round(run.progress * 100)}%`, tone: 'busy' };
  if (run.state === 'failed') {
    const step = run.failureStep ? (PROCESSING_STEP_LABELS[run.failureStep] ?? run.failureStep) : null;
    return { text: 'Failed', tone: 'failed', detail: [step, run.failure].filter(Boolean).join(': ') || undefined };
  }
  if (run.kind === 'tts' && run.dubbed.length > 0) {
    const names = run.dubbed.map(languageName).join(', ');
    return { text: `Dubbed: ${names}`, tone: 'done', detail: `Voice-over in ${names}` };
  }
  return null;
}

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusCell } from '../../projects/web/components/project-version-cells';
import type { ProjectVersionResource } from '../../projects/web/extension-points';
import { subtitlesStatusLine } from '../../subtitles/web/subtitles-status-line';
import type { ProcessingSummary } from '../common/pipeline-contract';
import { processingStatusLine } from './processing-status-line';

afterEach(cleanup);

const run = (over: Partial<ProcessingSummary>): ProcessingSummary => ({
  kind: 'plain',
  state: 'done',
  failureStep: null,
  failure: null,
  progress: 1,
  dubbed: [],
  noSpeech: false,
  ...over,
});
const row = (
  processing: ProcessingSummary | null,
  languages: string[] = [],
  elementState: 'ready' | 'downloading' = 'ready',
) =>
  ({
    id: '1',
    type: 'project_version',
    attributes: {
      title: 'Harbour',
      elementState,
      processing,
      subtitles: languages.map((language, i) => ({ id: String(i), type: 'subtitle', attributes: { language } })),
    },
  }) as unknown as ProjectVersionResource;

const statusOf = (r: ProjectVersionResource) => {
  render(<StatusCell row={r} lines={[subtitlesStatusLine, processingStatusLine]} />);
  const text = document.body.textContent ?? '';
  cleanup();
  return text;
};

describe('the Status cell says what happened', () => {
  it('processing with its progress, failed and why (first), the subtitle languages in full, dubbed languages; Ready before anything', () => {
    expect(statusOf(row(null))).toBe('Ready');
    expect(statusOf(row(null, [], 'downloading'))).toBe('Downloading…');
    expect(statusOf(row(run({ state: 'running', progress: 0.42 }), ['en']))).toBe('Processing 42%Subtitles: English');
    expect(statusOf(row(run({ state: 'queued', progress: 0 })))).toBe('Queued');
    expect(statusOf(row(run({ state: 'done' }), ['en', 'es']))).toBe('Subtitles: English, Spanish');
    expect(statusOf(row(run({ kind: 'tts', dubbed: ['es'] }), ['en', 'es']))).toContain('Dubbed: Spanish');
  });

  it('a failure comes first and names the step and the reason, for the tooltip and screen readers', () => {
    render(
      <StatusCell
        row={row(run({ state: 'failed', failureStep: 'extract_audio', failure: 'The video has no audio track' }), [
          'en',
        ])}
        lines={[subtitlesStatusLine, processingStatusLine]}
      />,
    );
    const failed = screen.getByText('Failed');
    expect(failed.getAttribute('title')).toMatch(/The video has no audio track$/);
    expect(failed.textContent).toMatch(/^Failed: .+: The video has no audio track$/);
    expect(document.querySelectorAll('.projects-status-line')[0]).toBe(failed);
  });
});

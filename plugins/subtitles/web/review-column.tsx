import { languageName } from '../../../core';
import { progressText } from '../common/cue-review';
import type { ProjectsTableColumn, ProjectVersionResource } from '../../projects/web/extension-points';
import './components/review-column.css';

interface ListedSubtitle {
  language?: string;
  cuesCount?: number;
  reviewedCount?: number;
  approvedCount?: number;
}

/** "212 of 2,000 approved" (and how many more are reviewed) for one language. */
export function reviewLine({ cuesCount = 0, reviewedCount = 0, approvedCount = 0 }: ListedSubtitle): string {
  const reviewedOnly = reviewedCount - approvedCount;
  const approved = progressText({ cues: cuesCount, approved: approvedCount });
  return reviewedOnly > 0 ? `${approved}, ${reviewedOnly.toLocaleString('en-US')} reviewed` : approved;
}

/**
 * The projects table's Review column: each language's review progress, read from the row's
 * `subtitles` (the list's own query brings the counts: no request per row).
 */
function ReviewCell({ row }: { row: ProjectVersionResource }) {
  const subtitles = ((row.attributes.subtitles ?? []) as { attributes: ListedSubtitle }[])
    .map((subtitle) => subtitle.attributes)
    .filter((subtitle) => subtitle.language && (subtitle.cuesCount ?? 0) > 0);
  // Rows are 49 px, never measured: two languages show, the others are in the title (hover) and counted.
  const lines = subtitles.map((subtitle) => `${languageName(subtitle.language!)}: ${reviewLine(subtitle)}`);
  return (
    <div className="review-progress-cell" title={lines.join('\n') || undefined}>
      {lines.length === 0 ? (
        <span className="muted">—</span>
      ) : (
        lines.slice(0, 2).map((line, i) => (
          <div key={line} className="review-progress-line">
            {i === 1 && lines.length > 2 ? `${line} (+${lines.length - 2})` : line}
          </div>
        ))
      )}
    </div>
  );
}

export const reviewColumn: ProjectsTableColumn = { id: 'subtitles.review', header: 'Review', Cell: ReviewCell };

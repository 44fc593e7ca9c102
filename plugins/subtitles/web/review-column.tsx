import { languageName } from '../../../core';
import { progressText } from '../common/cue-review';
import type { ProjectsTableColumn, ProjectVersionResource } from '../../projects/web/extension-points';

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
  if (subtitles.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="review-progress-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {subtitles.map((subtitle) => (
        <li key={subtitle.language}>
          {languageName(subtitle.language!)}: {reviewLine(subtitle)}
        </li>
      ))}
    </ul>
  );
}

export const reviewColumn: ProjectsTableColumn = { id: 'subtitles.review', header: 'Review', Cell: ReviewCell };

import type { TranslationOfRun } from '../../common/pipeline-contract';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What a finished translation says about itself, beside its link: cues that still read too fast
 * (the editor shows them), and the agreed terms (the term base's, and the guideline's words never
 * to translate) — how many the subtitles hold as agreed, and which the engine got wrong and were
 * put right.
 */
export function TranslationReport({ report }: { report: TranslationOfRun }) {
  const { flaggedCues, terms, termsFixed } = report;
  return (
    <ul className="pipeline-translation-report" aria-label="Translation report">
      <li>
        {flaggedCues === 0
          ? 'Every cue within the reading rules'
          : `${plural(flaggedCues, 'cue', 'cues')} to check in the editor`}
      </li>
      {terms.occurrences > 0 && (
        <li>
          Terms as agreed: {terms.honoured} of {terms.occurrences}
          {termsFixed.length > 0 &&
            `; put right: ${termsFixed.map((fix) => `${fix.source} → ${fix.target}${fix.count > 1 ? ` (${fix.count}×)` : ''}`).join(', ')}`}
        </li>
      )}
    </ul>
  );
}

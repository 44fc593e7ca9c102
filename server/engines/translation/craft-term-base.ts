import { enforceTermBase, protectTerms, restoreTerms } from './term-base-rules';
import type { TermBase } from './term-base';

/**
 * The term-base rules behind the engines' TermBase seam. The rules are host craft shared by every
 * translation engine (the host never imports a plugin); plugins reach them through
 * server/plugin-api.
 */
export const craftTermBase: TermBase = {
  protect(source, entries) {
    const protectedSource = protectTerms(source, entries);
    return { text: protectedSource.text, restore: (translated) => restoreTerms(translated, protectedSource) };
  },
  enforce(input) {
    const { text, report } = enforceTermBase(input);
    const fixed = report.flatMap(({ entry, repairs }) =>
      repairs.filter((how) => how !== 'present').map((how) => ({ source: entry.source, target: entry.target, how })),
    );
    return { text, fixed };
  },
};

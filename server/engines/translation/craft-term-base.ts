import { enforceTermBase, protectTerms, restoreTerms } from '../../../plugins/pipeline/server/craft/term-base';
import type { TermBase } from './term-base';

/** The pipeline craft's term-base rules behind the engines' TermBase seam. */
export const craftTermBase: TermBase = {
  protect(source, entries) {
    const protectedSource = protectTerms(source, entries);
    return { text: protectedSource.text, restore: (translated) => restoreTerms(translated, protectedSource) };
  },
  enforce: (input) => enforceTermBase(input).text,
};

import type { GlossaryEntry, TermFix } from '../engine-interfaces';

/**
 * The seam through which translation engines honour a workspace term base. The rules
 * themselves are pure functions beside it (term-base-rules.ts, term-matching.ts), adapted in
 * craft-term-base.ts; engines only know this interface, so they stay testable on their own.
 */
export interface TermBase {
  /** Hides glossary terms behind placeholders the engine passes through untouched. */
  protect(source: string, entries: readonly GlossaryEntry[]): { text: string; restore(translated: string): string };
  /**
   * Whatever the engine did, each glossary term in the source comes out as its target term;
   * `fixed` names the terms the engine's output did not have, for the run to report.
   */
  enforce(input: {
    source: string;
    target: string;
    entries: readonly GlossaryEntry[];
    literalTranslations?: ReadonlyMap<string, readonly string[]>;
  }): { text: string; fixed: TermFix[] };
}

/** No term base: the engine's output as it is. */
export const NO_TERM_BASE: TermBase = {
  protect: (source) => ({ text: source, restore: (translated) => translated }),
  enforce: ({ target }) => ({ text: target, fixed: [] }),
};

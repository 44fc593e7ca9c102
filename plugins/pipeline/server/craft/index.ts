/** The product's craft: pure functions between the engines (docs/architecture.md#engines-and-the-craft-between-them). */
export { READING_RULES, charCount, cueCharCount, type Cue, type ReadingRules, type TimedWord } from './cue-types';
export { segmentWords, normalizeWords, type SegmentationOptions } from './segmentation';
export {
  checkReadingRules,
  readingRulesPassRate,
  type CueReadingReport,
  type ReadingRule,
  type ReadingRuleViolation,
} from './reading-rules';
export { breakLines } from './line-breaking';
export { noBreakWordsFor, NO_BREAK_LANGUAGES } from './no-break-words';
// Term-base rules are the host's (every translation engine applies them): re-exported from the plugin API.
export {
  protectTerms,
  restoreTerms,
  enforceTermBase,
  literalTranslationsOf,
  type GlossaryEntry,
  type TermBaseReport,
} from '../../../../server/plugin-api';
export {
  speechRateFor,
  planClipFit,
  atempoChain,
  clipFitsWindow,
  ESPEAK_DEFAULT_WPM,
  type CueWindow,
  type ClipFitPlan,
} from './isochrony';
export {
  duckingArgs,
  duckingFilterGraph,
  duckingWindows,
  duckingVolumeExpression,
  type VoiceClip,
  type DuckingOptions,
} from './ducking';

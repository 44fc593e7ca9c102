import { mergeWithNext, splitCue, type EditorCue } from './cue-edits';
import { introducedBreaks, type RuleContext } from './rule-guard';
import { shiftRange } from './shift-range';

/** An edit's outcome: the new list (the same one when nothing changed) and, when refused, why (shown to the subtitler). */
export interface KeptEdit {
  cues: readonly EditorCue[];
  refused?: string;
}

/** The edit, unless it would break a rule its cues did not break before (rule-guard.ts). */
function guarded(
  before: readonly EditorCue[],
  after: readonly EditorCue[],
  from: number,
  origins: number[][],
  context: RuleContext,
  verb: string,
): KeptEdit {
  if (after === before) return { cues: before };
  const breaks = introducedBreaks(before, after, from, origins, context);
  return breaks.length === 0
    ? { cues: after }
    : {
        cues: before,
        refused: `Not ${verb}, to keep the reading rules: ${breaks[0].message.replace(/^./, (c) => c.toLowerCase())}`,
      };
}

/** Split (Alt+S): both parts keep the minimum gap and duration, or the cue stays whole. */
export function splitKeepingRules(
  cues: readonly EditorCue[],
  index: number,
  options: { caret?: number; at?: number },
  context: RuleContext,
): KeptEdit {
  return guarded(cues, splitCue(cues, index, options, context.rules), index, [[index], [index]], context, 'split');
}

/** Merge (Alt+M): the lines laid out to the rules, or the cues stay apart (too long, or shown too long, as one). */
export function mergeKeepingRules(cues: readonly EditorCue[], index: number, context: RuleContext): KeptEdit {
  return guarded(
    cues,
    mergeWithNext(cues, index, context.rules, context.language),
    index,
    [[index, index + 1]],
    context,
    'merged',
  );
}

/** Shift (Shift+←/→, Alt+T): stops at the minimum gap to the neighbours, so it never needs refusing. */
export function shiftKeepingGaps(
  cues: readonly EditorCue[],
  from: number,
  to: number,
  ms: number,
  context: RuleContext,
): KeptEdit {
  return { cues: shiftRange(cues, from, to, ms, context.rules.minGapMs).cues };
}

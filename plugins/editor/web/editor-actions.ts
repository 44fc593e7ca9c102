import type { VirtuosoHandle } from 'react-virtuoso';
import type { EditorAction } from './editor-keys';
import { FRAME_MS, type EditorCue } from './model/cue-edits';
import { isUnreviewed, type ReviewState } from '../../subtitles/common/cue-review';
import type { EditorModel } from './model/editor-model';
import type { FindModel } from './model/find-model';
import { nextProblem, type ReadingProblems } from './model/reading-problems';
import { adjacentShotChange } from './timeline/shot-changes';

/** What an action needs of the page at the moment it runs (read through refs, so keys never see stale state). */
export interface ActionContext {
  model: EditorModel;
  active: number;
  count: number;
  problems: ReadingProblems;
  video: HTMLVideoElement | null;
  list: VirtuosoHandle | null;
  /** The text box of the cue being edited, when focus is in it (the caret splits there). */
  textBox: HTMLTextAreaElement | null;
  editing: boolean;
  setEditing(editing: boolean): void;
  showHelp(): void;
  /** Puts focus back on the cue list. */
  focusList(): void;
  find: FindModel;
  cues: readonly EditorCue[];
  /** The cue shown `by` rows away (the filter "cues not reviewed" skips the others); -1 past an end. */
  neighbour(index: number, by: 1 | -1): number;
  toggleUnreviewedFilter(): void;
  /** The cues the range tools act on (the selection, or the active cue). */
  range: { from: number; to: number };
  openPanel(panel: 'shift' | 'speaker'): void;
  /** Opens the export popup for this subtitle; null when no plugin offers exports. */
  exportSubtitle: (() => void) | null;
  /** The timeline's zoom (+/−). */
  zoomTimeline(by: 1 | -1): void;
  /** The video's cuts (ms, ascending) as known now: none until the server has found them. */
  shotChanges(): readonly number[];
  /** Switches the times shown between hh:mm:ss.mmm and frames. */
  toggleTimeFormat(): void;
  /** Moves the splitter between the video and the list one step (./editor-splitter.tsx). */
  resizeVideo(by: 1 | -1): void;
  /** The person is a reviewer: actions changing text or times do nothing (the server refuses them too). */
  reviewOnly: boolean;
}

const SEEK_SECONDS = 1;

const REVIEW_OF: Partial<Record<EditorAction, ReviewState>> = {
  reviewTodo: 'todo',
  reviewTranslated: 'translated',
  reviewReviewed: 'reviewed',
  reviewApproved: 'approved',
};

/** What a reviewer (docs/roles.md) may do: look, move, find, play, and set review states; never change text or times. */
const CHANGES_CUES = new Set<EditorAction>([
  'edit',
  'split',
  'merge',
  'insert',
  'delete',
  'startToPlayhead',
  'endToPlayhead',
  'nudgeStartEarlier',
  'nudgeStartLater',
  'nudgeEndEarlier',
  'nudgeEndLater',
  'replace',
  'shiftEarlier',
  'shiftLater',
  'shiftTimes',
  'speaker',
  'italic',
]);

/**
 * Runs one of the editor's actions, from a key or the palette. Player actions act on the video
 * element directly; every change of the cues is an event of the model (and so undoable).
 */
export function runEditorAction(action: EditorAction, ctx: ActionContext): void {
  const { model, active, video } = ctx;
  if (ctx.reviewOnly && CHANGES_CUES.has(action)) return;
  const review = REVIEW_OF[action];
  if (review) return void model.edited({ kind: 'review', index: ctx.range.from, to: ctx.range.to, review });
  const playhead = () => Math.round((video?.currentTime ?? 0) * 1000);
  const go = (index: number) => {
    if (index < 0 || index >= ctx.count) return;
    model.activeSet(index);
    ctx.list?.scrollIntoView({ index });
  };
  switch (action) {
    case 'playPause':
      if (video) void (video.paused ? video.play().catch(() => {}) : video.pause());
      return;
    case 'back':
    case 'forward':
      if (video)
        video.currentTime = Math.max(0, video.currentTime + (action === 'back' ? -SEEK_SECONDS : SEEK_SECONDS));
      return;
    case 'previousShot':
    case 'nextShot': {
      // With the playhead on the cut, Alt+[ / Alt+] then time the cue to it.
      const cut = video ? adjacentShotChange(ctx.shotChanges(), playhead(), action === 'nextShot') : null;
      if (video && cut !== null) video.currentTime = cut / 1000;
      return;
    }
    case 'previousCue':
      return go(ctx.neighbour(active, -1));
    case 'nextCue':
      return go(ctx.neighbour(active, 1));
    case 'selectUp':
    case 'selectDown':
      model.selectionExtended(action === 'selectUp' ? -1 : 1);
      ctx.list?.scrollIntoView({
        index: Math.max(0, Math.min(ctx.count - 1, active + (action === 'selectUp' ? -1 : 1))),
      });
      return;
    case 'selectAll':
      return void model.allSelected();
    case 'shiftEarlier':
    case 'shiftLater':
      return void model.edited({
        kind: 'shift',
        index: ctx.range.from,
        to: ctx.range.to,
        ms: action === 'shiftEarlier' ? -FRAME_MS : FRAME_MS,
      });
    case 'shiftTimes':
      if (ctx.count > 0) ctx.openPanel('shift');
      return;
    case 'speaker':
      if (ctx.count > 0) ctx.openPanel('speaker');
      return;
    case 'italic':
      return void model.edited({ kind: 'italic', index: ctx.range.from, to: ctx.range.to });
    case 'find':
    case 'replace':
      model.typingEnded();
      return void ctx.find.opened(action);
    case 'findNext':
    case 'findPrevious':
      // The match's cue shows its marks in the list: out of the text box, focus stays where it was.
      ctx.setEditing(false);
      if (ctx.textBox) ctx.focusList();
      return void ctx.find.stepped(action === 'findNext' ? 'next' : 'previous');
    case 'export':
      return void ctx.exportSubtitle?.();
    case 'zoomIn':
    case 'zoomOut':
      return ctx.zoomTimeline(action === 'zoomIn' ? -1 : 1);
    case 'edit':
      if (ctx.count > 0) ctx.setEditing(true);
      return;
    case 'leave':
      model.typingEnded();
      ctx.setEditing(false);
      ctx.focusList();
      return;
    case 'split':
      // In the text: at the caret, the time cut by characters. In the list: at the playhead.
      model.edited(
        ctx.textBox
          ? { kind: 'split', index: active, caret: ctx.textBox.selectionStart }
          : { kind: 'split', index: active, at: playhead() },
      );
      ctx.list?.scrollIntoView({ index: active + 1 });
      return;
    case 'merge':
      return void model.edited({ kind: 'merge', index: active });
    case 'insert':
      model.edited({ kind: 'insert', index: ctx.count === 0 ? -1 : active });
      ctx.setEditing(true);
      ctx.list?.scrollIntoView({ index: active + 1 });
      return;
    case 'delete':
      return void model.edited({ kind: 'delete', index: active });
    case 'startToPlayhead':
      return void model.edited({ kind: 'set', index: active, edge: 'start', ms: playhead() });
    case 'endToPlayhead':
      return void model.edited({ kind: 'set', index: active, edge: 'end', ms: playhead() });
    case 'nudgeStartEarlier':
    case 'nudgeStartLater':
    case 'nudgeEndEarlier':
    case 'nudgeEndLater':
      return void model.edited({
        kind: 'nudge',
        index: active,
        edge: action.startsWith('nudgeStart') ? 'start' : 'end',
        frames: action.endsWith('Earlier') ? -1 : 1,
      });
    case 'undo':
      return void model.undone();
    case 'redo':
      return void model.redone();
    case 'nextProblem':
    case 'previousProblem': {
      const found = nextProblem(ctx.problems.flagged, active, action === 'previousProblem');
      if (found !== null) go(found);
      return;
    }
    case 'timeFormat':
      return ctx.toggleTimeFormat();
    case 'videoLarger':
    case 'videoSmaller':
      return ctx.resizeVideo(action === 'videoLarger' ? 1 : -1);
    case 'nextUnreviewed': {
      const found = nextUnreviewed(ctx.cues, active);
      if (found !== null) go(found);
      return;
    }
    case 'filterUnreviewed':
      return ctx.toggleUnreviewedFilter();
    case 'help':
      return ctx.showHelp();
  }
}

/** The first cue after `from` not reviewed yet (to do or translated), wrapping round; null when every cue is. */
export function nextUnreviewed(cues: readonly EditorCue[], from: number): number | null {
  for (let step = 1; step <= cues.length; step++) {
    const index = (from + step) % cues.length;
    if (isUnreviewed(cues[index].review)) return index;
  }
  return null;
}

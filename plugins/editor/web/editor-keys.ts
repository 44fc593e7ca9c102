/**
 * The editor's keyboard scheme, one table for the key handler, the help overlay (`?`) and the
 * palette. Two modes, as in Subtitle Edit and Aegisub: in the cue list single keys act (J/K/L,
 * arrows, Delete); in a cue's text every key types, so the same actions take Alt (matched by
 * physical key, so Option on a Mac does not type a symbol instead). Ctrl is avoided where the
 * browser keeps the chord for itself (Ctrl+Shift+Delete, Ctrl+Shift+I, Ctrl+L).
 */
export type EditorAction =
  | 'playPause'
  | 'back'
  | 'forward'
  | 'previousShot'
  | 'nextShot'
  | 'previousCue'
  | 'nextCue'
  | 'edit'
  | 'leave'
  | 'split'
  | 'merge'
  | 'insert'
  | 'delete'
  | 'startToPlayhead'
  | 'endToPlayhead'
  | 'nudgeStartEarlier'
  | 'nudgeStartLater'
  | 'nudgeEndEarlier'
  | 'nudgeEndLater'
  | 'undo'
  | 'redo'
  | 'nextProblem'
  | 'previousProblem'
  | 'find'
  | 'replace'
  | 'findNext'
  | 'findPrevious'
  | 'selectUp'
  | 'selectDown'
  | 'selectAll'
  | 'shiftEarlier'
  | 'shiftLater'
  | 'shiftTimes'
  | 'speaker'
  | 'italic'
  | 'export'
  | 'zoomIn'
  | 'zoomOut'
  | 'timeFormat'
  | 'videoLarger'
  | 'videoSmaller'
  | 'reviewTodo'
  | 'reviewTranslated'
  | 'reviewReviewed'
  | 'reviewApproved'
  | 'nextUnreviewed'
  | 'filterUnreviewed'
  | 'help';

/** A chord: the physical key (KeyboardEvent.code) and its modifiers; `mod` is Cmd on a Mac, Ctrl elsewhere. */
interface Chord {
  code: string;
  alt?: boolean;
  shift?: boolean;
  mod?: boolean;
  /** Shown in the help and the palette. */
  label: string;
}

export interface EditorKey {
  action: EditorAction;
  title: string;
  /** Work in the text and in the list. */
  anywhere: Chord[];
  /** Work only in the list (single keys that would type in the text). */
  inList: Chord[];
}

const c = (code: string, label: string, mods: Omit<Chord, 'code' | 'label'> = {}): Chord => ({ code, label, ...mods });
const alt = (code: string, label: string, shift = false) => c(code, label, { alt: true, shift });

export const EDITOR_KEYS: EditorKey[] = [
  {
    action: 'playPause',
    title: 'Play or pause',
    anywhere: [c('Space', 'Ctrl+Space', { mod: true })],
    inList: [c('Space', 'Space'), c('KeyK', 'K')],
  },
  {
    action: 'back',
    title: 'Back 1 second',
    anywhere: [alt('KeyJ', 'Alt+J')],
    inList: [c('KeyJ', 'J'), c('ArrowLeft', '←')],
  },
  {
    action: 'forward',
    title: 'Forward 1 second',
    anywhere: [alt('KeyL', 'Alt+L')],
    inList: [c('KeyL', 'L'), c('ArrowRight', '→')],
  },
  {
    action: 'previousShot',
    title: 'Back to the previous shot change',
    anywhere: [alt('KeyJ', 'Alt+Shift+J', true)],
    inList: [c('KeyJ', 'Shift+J', { shift: true })],
  },
  {
    action: 'nextShot',
    title: 'On to the next shot change',
    anywhere: [alt('KeyL', 'Alt+Shift+L', true)],
    inList: [c('KeyL', 'Shift+L', { shift: true })],
  },
  { action: 'previousCue', title: 'Previous cue', anywhere: [alt('ArrowUp', 'Alt+↑')], inList: [c('ArrowUp', '↑')] },
  { action: 'nextCue', title: 'Next cue', anywhere: [alt('ArrowDown', 'Alt+↓')], inList: [c('ArrowDown', '↓')] },
  { action: 'edit', title: 'Edit the cue’s text', anywhere: [], inList: [c('Enter', 'Enter'), c('F2', 'F2')] },
  {
    action: 'leave',
    title: 'Back to the cue list (Enter in the text starts a new line)',
    anywhere: [c('Escape', 'Escape')],
    inList: [],
  },
  {
    action: 'split',
    title: 'Split the cue at the caret (in the list: at the playhead)',
    anywhere: [alt('KeyS', 'Alt+S')],
    inList: [],
  },
  { action: 'merge', title: 'Merge with the next cue', anywhere: [alt('KeyM', 'Alt+M')], inList: [] },
  { action: 'insert', title: 'Insert a cue after this one', anywhere: [alt('KeyN', 'Alt+N')], inList: [] },
  {
    action: 'delete',
    title: 'Delete the cue',
    anywhere: [alt('Delete', 'Alt+Delete')],
    inList: [c('Delete', 'Delete')],
  },
  {
    action: 'startToPlayhead',
    title: 'Set start to the playhead',
    anywhere: [alt('BracketLeft', 'Alt+[')],
    inList: [],
  },
  { action: 'endToPlayhead', title: 'Set end to the playhead', anywhere: [alt('BracketRight', 'Alt+]')], inList: [] },
  { action: 'nudgeStartEarlier', title: 'Start one frame earlier', anywhere: [alt('Comma', 'Alt+,')], inList: [] },
  { action: 'nudgeStartLater', title: 'Start one frame later', anywhere: [alt('Period', 'Alt+.')], inList: [] },
  {
    action: 'nudgeEndEarlier',
    title: 'End one frame earlier',
    anywhere: [alt('Comma', 'Alt+Shift+,', true)],
    inList: [],
  },
  { action: 'nudgeEndLater', title: 'End one frame later', anywhere: [alt('Period', 'Alt+Shift+.', true)], inList: [] },
  { action: 'undo', title: 'Undo', anywhere: [c('KeyZ', 'Ctrl+Z', { mod: true })], inList: [] },
  {
    action: 'redo',
    title: 'Redo',
    anywhere: [c('KeyZ', 'Ctrl+Shift+Z', { mod: true, shift: true }), c('KeyY', 'Ctrl+Y', { mod: true })],
    inList: [],
  },
  { action: 'nextProblem', title: 'Next reading problem', anywhere: [c('F8', 'F8')], inList: [] },
  {
    action: 'previousProblem',
    title: 'Previous reading problem',
    anywhere: [c('F8', 'Shift+F8', { shift: true })],
    inList: [],
  },
  { action: 'find', title: 'Find in the cues', anywhere: [c('KeyF', 'Ctrl+F', { mod: true })], inList: [] },
  { action: 'replace', title: 'Find and replace', anywhere: [c('KeyH', 'Ctrl+H', { mod: true })], inList: [] },
  { action: 'findNext', title: 'Next match', anywhere: [c('F3', 'F3')], inList: [] },
  { action: 'findPrevious', title: 'Previous match', anywhere: [c('F3', 'Shift+F3', { shift: true })], inList: [] },
  {
    action: 'selectUp',
    title: 'Select the cue above too',
    anywhere: [],
    inList: [c('ArrowUp', 'Shift+↑', { shift: true })],
  },
  {
    action: 'selectDown',
    title: 'Select the cue below too',
    anywhere: [],
    inList: [c('ArrowDown', 'Shift+↓', { shift: true })],
  },
  { action: 'selectAll', title: 'Select every cue', anywhere: [], inList: [c('KeyA', 'Ctrl+A', { mod: true })] },
  {
    action: 'shiftEarlier',
    title: 'Shift the selected cues one frame earlier',
    anywhere: [],
    inList: [c('ArrowLeft', 'Shift+←', { shift: true })],
  },
  {
    action: 'shiftLater',
    title: 'Shift the selected cues one frame later',
    anywhere: [],
    inList: [c('ArrowRight', 'Shift+→', { shift: true })],
  },
  {
    action: 'shiftTimes',
    title: 'Shift times… (the selection, from here to the end, or all)',
    anywhere: [alt('KeyT', 'Alt+T')],
    inList: [],
  },
  { action: 'speaker', title: 'Set the speaker…', anywhere: [alt('KeyP', 'Alt+P')], inList: [] },
  {
    action: 'italic',
    title: 'Italic: the cue (or the selected cues) in italics, or back to roman',
    anywhere: [c('KeyI', 'Ctrl+I', { mod: true })],
    inList: [],
  },
  { action: 'export', title: 'Export…', anywhere: [alt('KeyX', 'Alt+X')], inList: [] },
  // The timeline's zoom (Ctrl+wheel on it does the same); '+' is Shift+= on most layouts, '=' alone too.
  {
    action: 'zoomIn',
    title: 'Zoom the timeline in',
    anywhere: [],
    inList: [c('Equal', '+', { shift: true }), c('Equal', '='), c('NumpadAdd', 'Num +')],
  },
  {
    action: 'zoomOut',
    title: 'Zoom the timeline out',
    anywhere: [],
    inList: [c('Minus', '−'), c('NumpadSubtract', 'Num −')],
  },
  // Review by cue: the four states on Alt+1…4, in their order, for the selected cues (or the active one).
  { action: 'reviewTodo', title: 'Mark the selected cues to do', anywhere: [alt('Digit1', 'Alt+1')], inList: [] },
  {
    action: 'reviewTranslated',
    title: 'Mark the selected cues translated',
    anywhere: [alt('Digit2', 'Alt+2')],
    inList: [],
  },
  {
    action: 'reviewReviewed',
    title: 'Mark the selected cues reviewed',
    anywhere: [alt('Digit3', 'Alt+3')],
    inList: [],
  },
  {
    action: 'reviewApproved',
    title: 'Mark the selected cues approved',
    anywhere: [alt('Digit4', 'Alt+4')],
    inList: [],
  },
  { action: 'nextUnreviewed', title: 'Next cue not reviewed', anywhere: [c('F9', 'F9')], inList: [] },
  {
    action: 'filterUnreviewed',
    title: 'Show only the cues not reviewed (or every cue again)',
    anywhere: [alt('KeyU', 'Alt+U')],
    inList: [],
  },
  { action: 'timeFormat', title: 'Show times in frames or in milliseconds', anywhere: [], inList: [] },
  // What the splitter between the video and the list does with ↑/↓ (it has the keys when focused).
  { action: 'videoLarger', title: 'Larger video (fewer rows of cues)', anywhere: [], inList: [] },
  { action: 'videoSmaller', title: 'Smaller video (more rows of cues)', anywhere: [], inList: [] },
  {
    action: 'help',
    title: 'Keyboard shortcuts of the editor',
    anywhere: [],
    inList: [c('Slash', '?', { shift: true })],
  },
];

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

function matches(chord: Chord, event: KeyboardEvent): boolean {
  const mod = isMac() ? event.metaKey : event.ctrlKey;
  return (
    event.code === chord.code && event.altKey === !!chord.alt && event.shiftKey === !!chord.shift && mod === !!chord.mod
  );
}

/** The action a key press means where it was pressed, if any. */
export function actionFor(event: KeyboardEvent, inText: boolean): EditorAction | null {
  // `?` is Shift+/ on a US layout only: the character decides on the others.
  if (!inText && event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey) return 'help';
  for (const key of EDITOR_KEYS) {
    if (key.anywhere.some((chord) => matches(chord, event))) return key.action;
    if (!inText && key.inList.some((chord) => matches(chord, event))) return key.action;
  }
  return null;
}

/** "Alt+S" or "J, ←" for the help and the palette (Ctrl shown as ⌘ on a Mac). */
export function keyLabels(key: EditorKey): string[] {
  return [...key.anywhere, ...key.inList].map((chord) => (isMac() ? chord.label.replace('Ctrl+', '⌘') : chord.label));
}

import type { Command, WhenContext } from '../../../core';
import { EDITOR_KEYS, keyLabels, type EditorAction } from './editor-keys';

/** The palette group of the editor's commands. */
export const EDITOR_COMMAND_GROUP = 'Subtitle editor';

/** Whether the page shown is this subtitle's (the editor's) page: its commands are the page's own. */
export const onSubtitlePage = (subtitleId: string) => (ctx: WhenContext) =>
  new RegExp(`/subtitles/${subtitleId}/?$`).test(ctx.path);

/**
 * The editor's actions as palette commands, one per row of the key table (so keys, help overlay
 * and palette never disagree). The open editor registers them with the plugin registry on mount,
 * before its first paint, and removes them on unmount: they are plain commands, searched at once
 * with the others from the first frame (a command provider is asked only after a debounce, and
 * answered "No commands match" to a palette opened before the editor was there). Their `when` is
 * this subtitle's page: page commands, which outrank global ones with the same words ("find" runs
 * "Find in the cues", not "Search projects").
 */
export function editorCommands(subtitleId: string, run: (action: EditorAction) => void): Command[] {
  const when = onSubtitlePage(subtitleId);
  return EDITOR_KEYS.filter((key) => key.action !== 'leave').map((key) => ({
    id: `editor.${key.action}`,
    title: key.title,
    group: EDITOR_COMMAND_GROUP,
    keywords: [...keyLabels(key), 'subtitle', 'editor', 'cue'],
    when,
    run: () => run(key.action),
  }));
}

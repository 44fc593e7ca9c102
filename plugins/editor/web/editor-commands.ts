import type { Command } from '../../../core';
import { activeEditor } from './active-editor';
import { EDITOR_KEYS, keyLabels } from './editor-keys';

/**
 * The editor's actions as palette commands (the plugin's command provider): listed while an
 * editor is open, found by their title or keys, run on that editor. Same table as the keys and
 * the help overlay, so the three never disagree.
 */
export function editorCommands(search: string): Command[] {
  const editor = activeEditor();
  if (!editor) return [];
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return EDITOR_KEYS.filter((key) => key.action !== 'leave')
    .map((key) => ({ key, text: `${key.title} ${keyLabels(key).join(' ')} subtitle editor cue`.toLowerCase() }))
    .filter(({ text }) => words.every((word) => text.includes(word)))
    .map(({ key }) => ({
      id: `editor.${key.action}`,
      title: key.title,
      group: 'Subtitle editor',
      keywords: keyLabels(key),
      run: () => editor.run(key.action),
    }));
}

import { defineExtensionPoint, type PageSectionContribution } from '../../../core';

/**
 * Extension points of the subtitles plugin. Data and types only: plugin definitions import this
 * file, and outside plugins reach it as `@polycue/plugins/subtitles`.
 */

/** What a panel of the subtitle editor is drawn with: the subtitle open in it. */
export interface SubtitleEditorPanelProps {
  projectVersionId: string;
  subtitleId: string;
}

/**
 * Panels beside the subtitle editor's cue list (term-base hits, reading-speed checks, a theme
 * preview): each lazily loaded under its own heading, in `order`.
 */
export const subtitleEditorPanels = defineExtensionPoint<PageSectionContribution<SubtitleEditorPanelProps>>('subtitles.editorPanels');

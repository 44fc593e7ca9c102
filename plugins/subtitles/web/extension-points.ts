import { defineExtensionPoint, type PageSectionContribution } from '../../../core';
import type { CuesResponse, SubtitleResource } from '../common/subtitles-contract';

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
export const subtitleEditorPanels =
  defineExtensionPoint<PageSectionContribution<SubtitleEditorPanelProps>>('subtitles.editorPanels');

/** What a view of a subtitle's cues gets: the subtitle as the page read it and the version's other subtitles. */
export interface SubtitleCueViewProps {
  projectId: string;
  projectVersionId: string;
  subtitleId: string;
  loaded: CuesResponse;
  siblings: SubtitleResource[];
}

/**
 * What shows the cues on the subtitle's page (the editor URL): the first contribution by
 * `order` replaces the read-only table, e.g. the subtitle editor plugin.
 */
export const subtitleCueViews =
  defineExtensionPoint<PageSectionContribution<SubtitleCueViewProps>>('subtitles.cueViews');

import { defineExtensionPoint, type ApiClient, type Container, type PageSectionContribution } from '../../../core';
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

/** What the subtitle editor's "Export…" acts on: the subtitle open in it. */
export interface SubtitleExportTarget {
  container: Container;
  projectVersionId: string;
  subtitleId: string;
}

/**
 * What the subtitle editor's "Export…" button, its palette command and Alt+X open (the exports
 * plugin's popup): the first contribution by `order`. Without one the button is not shown.
 */
export interface SubtitleExporter {
  id: string;
  order?: number;
  open(target: SubtitleExportTarget): void | Promise<void>;
}

/**
 * Declared here, not in the editor that reads it, so that the exports plugin contributing to it
 * and the editor each work without the other (either folder may be removed,
 * scripts/check-plugin-removal.mjs). The id keeps its first name, 'editor.exporters':
 * contributions are matched by id, and plugins built against `@polycue/plugins/editor` still fill
 * it (that module re-exports this point as `editorExporters`, deprecated).
 */
export const subtitleExporters = defineExtensionPoint<SubtitleExporter>('editor.exporters');

/** A set of reading-rule limits the subtitle editor can check cues against, e.g. a guideline's reading speed. */
export interface ReadingRulesChoice {
  /** Unique among the choices, remembered per subtitle in the browser. */
  id: string;
  label: string;
  /** The limits it sets; those left out are the pipeline's own. */
  rules: { maxCharsPerSecond?: number };
  /** Preselected when nothing else was chosen. */
  isDefault: boolean;
  /** What the subtitle was made with (its processing run's set-up): preselected before the default. */
  isRun?: boolean;
}

/**
 * Where the subtitle editor's "Reading rules" choices come from (the guidelines plugin offers the
 * workspace's guidelines); without any, the pipeline's own rules apply. Asked when a subtitle opens.
 */
export interface ReadingRulesSource {
  id: string;
  order?: number;
  choices(ctx: { api: ApiClient; workspaceId: string; projectVersionId: string }): Promise<ReadingRulesChoice[]>;
}

export const readingRulesSources = defineExtensionPoint<ReadingRulesSource>('subtitles.readingRulesSources');

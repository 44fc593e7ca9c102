import type { ComponentType } from 'react';
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

/** Where the subtitle editor stands, for what annotates its cues (comments): given to the annotator's panel. */
export interface SubtitleCueAnnotationHost {
  projectVersionId: string;
  subtitleId: string;
  /** The cues' ids in the list's order: the live document's (plugins/subtitles/common/live-cues.ts), stable through edits. */
  cueIds: readonly string[];
  /** The active cue's id; null with no cue. */
  activeCueId: string | null;
  /** Makes that cue the active one, scrolled into view, the keyboard in the cue list. */
  goToCue(cueId: string): void;
  /** Gives the keyboard back to the cue list (after Escape in a panel's field). */
  focusList(): void;
}

/** What an annotator draws in the editor: a panel beside the cue list and, optionally, a marker in each cue's row. */
export interface SubtitleCueAnnotator {
  Panel: ComponentType<SubtitleCueAnnotationHost>;
  /** Drawn in each visible row's number cell: keep it cheap (a subscription of its own, no request). */
  Marker?: ComponentType<{ cueId: string }>;
}

/**
 * Things that hang on cues, drawn by the subtitle editor (the comments plugin's threads): `load`
 * is called once per subtitle opened, with the app's container, and resolves to what to draw.
 * Declared here so the editor and an annotator each work without the other. Added within v1.
 */
export interface SubtitleCueAnnotation {
  id: string;
  order?: number;
  load(ctx: { container: Container; projectVersionId: string; subtitleId: string }): Promise<SubtitleCueAnnotator>;
}

export const subtitleCueAnnotations = defineExtensionPoint<SubtitleCueAnnotation>('subtitles.cueAnnotations');

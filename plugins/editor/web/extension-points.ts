import {
  subtitleExporters,
  type SubtitleExporter,
  type SubtitleExportTarget,
} from '../../subtitles/web/extension-points';

/**
 * Extension points of the subtitle editor, as outside plugins reach them through
 * `@polycue/plugins/editor`. Deprecated: the editor's points are declared by the subtitles plugin
 * (`@polycue/plugins/subtitles`), which every install has, so that a plugin filling them works
 * with or without the editor folder. These names keep working.
 */

/** @deprecated `SubtitleExportTarget` of `@polycue/plugins/subtitles`. */
export type EditorExportTarget = SubtitleExportTarget;

/** @deprecated `SubtitleExporter` of `@polycue/plugins/subtitles`. */
export type EditorExporter = SubtitleExporter;

/** @deprecated `subtitleExporters` of `@polycue/plugins/subtitles` (the same point, id 'editor.exporters'). */
export const editorExporters = subtitleExporters;

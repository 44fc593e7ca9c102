import { defineExtensionPoint, type Container } from '../../../core';

/**
 * Extension points of the subtitle editor. Data and types only: plugin definitions import this
 * file, and outside plugins reach it as `@polycue/plugins/editor`.
 */

/** What the editor's "Export…" acts on: the subtitle open in it. */
export interface EditorExportTarget {
  container: Container;
  projectVersionId: string;
  subtitleId: string;
}

/**
 * What the editor's "Export…" button, its palette command and Alt+X open (the exports plugin's
 * popup): the first contribution by `order`. Without one the button is not shown.
 */
export interface EditorExporter {
  id: string;
  order?: number;
  open(target: EditorExportTarget): void | Promise<void>;
}

export const editorExporters = defineExtensionPoint<EditorExporter>('editor.exporters');

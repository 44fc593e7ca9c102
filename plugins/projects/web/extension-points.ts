import type { ComponentType } from 'react';
import type { EventCallable, Store } from 'effector';
import {
  defineExtensionPoint,
  type AppModel,
  type Container,
  type PageSectionContribution,
  type ServiceIdentifier,
  type WhenContext,
} from '../../../core';
import type { ProjectVersionResource, ProjectVersionsQuery } from '../common/projects-contract';

export type { ProjectVersionResource };

/**
 * The projects table's extension point: other plugins (labels) add columns, a filter, header
 * buttons and bulk actions without the projects plugin knowing they exist. Data and types only:
 * this file is imported by plugin definitions, so it must stay light (no React or Effector code
 * at run time, only their types).
 */

/** What the projects table offers to its contributors, built before they load. */
export interface ProjectsTableHost {
  /** Ids of the selected project versions. */
  $selection: Store<ReadonlySet<string>>;
  selectionCleared: EventCallable<void>;
  /** Applies a change to every loaded row (e.g. a label renamed, or assigned to some rows). */
  rowsMapped: EventCallable<(row: ProjectVersionResource) => ProjectVersionResource>;
  /** Reloads the list from page 1 with the current search and filters. */
  reloadRequested: EventCallable<void>;
}

/** A column: plain data plus a cell component; keep the cell cheap (it renders for every visible row). */
export interface ProjectsTableColumn {
  id: string;
  header: string;
  Cell: ComponentType<{ row: ProjectVersionResource }>;
}

/** Query parameters a contributor adds to every list request; a change reloads from page 1 (docs/product-contract.md#states-and-transitions). */
export interface ProjectsTableFilter {
  $params: Store<Partial<Pick<ProjectVersionsQuery, 'labels'>>>;
}

export interface ProjectsBulkAction {
  id: string;
  title: string;
  /** Runs on the rows selected when the button is pressed. */
  run(selectedIds: string[]): void;
}

/**
 * A line of a row's Status cell: what happened to the version in a contributor's terms (the
 * pipeline: "Processing 40%", "Failed" and why; subtitles: the languages). `busy` and `failed`
 * lines come first; without any line the cell shows the media state ("Ready").
 */
export interface ProjectsStatusLine {
  text: string;
  tone?: 'busy' | 'done' | 'failed';
  /** More than fits: shown as the tooltip and read by screen readers. */
  detail?: string;
}

/** An entry of a row's menu (right-click, or the Menu key / Shift+F10 on the active row). */
export interface ProjectsRowAction {
  id: string;
  title: string;
  run(row: ProjectVersionResource): void;
}

export interface ProjectsTableParts {
  columns?: ProjectsTableColumn[];
  filter?: ProjectsTableFilter;
  /** Beside the search box (e.g. the label filter chips). */
  FilterBar?: ComponentType;
  /** In the page header, beside "New project" (e.g. "Manage labels"). */
  HeaderActions?: ComponentType;
  /** Shown while rows are selected, before "Delete". */
  bulkActions?: ProjectsBulkAction[];
  /** In each row's menu, after "Open". */
  rowActions?: ProjectsRowAction[];
  /** This contributor's line of a row's Status cell, or null; called for every visible row, keep it cheap. */
  statusLine?: (row: ProjectVersionResource) => ProjectsStatusLine | null;
}

export interface ProjectsTableExtension {
  id: string;
  /** Called once, when the projects page first opens: loads the contributor's code and model. */
  load(ctx: { container: Container; app: AppModel; host: ProjectsTableHost }): Promise<ProjectsTableParts>;
}

export const projectsTableExtensions = defineExtensionPoint<ProjectsTableExtension>('projects.table');

/** Bound once the projects model is built (the host of the table's contributors). */
export const PROJECTS_TABLE_HOST = Symbol.for('polycue.projects.tableHost') as ServiceIdentifier<ProjectsTableHost>;

/**
 * Context keys the projects model publishes (TOKENS.ContextKeys) for `when` clauses and commands of
 * any plugin: the project versions the table has selected, and whether the last bulk delete can
 * still be undone. Read them with the helpers below, from the `when` clause's or the command's own
 * context (`ctx.when` in a command): what the command acts on is what the user saw.
 */
export const PROJECTS_CONTEXT_KEYS = {
  selectedIds: 'projects.selectedIds',
  selectionCount: 'projects.selectionCount',
  canUndoDelete: 'projects.canUndoDelete',
} as const;

export function selectedProjectVersionCount(ctx: WhenContext): number {
  return Number(ctx.keys?.[PROJECTS_CONTEXT_KEYS.selectionCount] ?? 0);
}

/** Ids of the selected project versions, in selection order. */
export function selectedProjectVersionIds(ctx: WhenContext): string[] {
  const selected = ctx.keys?.[PROJECTS_CONTEXT_KEYS.selectedIds] as ReadonlySet<string> | undefined;
  return selected ? [...selected] : [];
}

/** Whether the last bulk delete can still be undone (the "Undo delete" command's `when`). */
export function canUndoProjectVersionDelete(ctx: WhenContext): boolean {
  return ctx.keys?.[PROJECTS_CONTEXT_KEYS.canUndoDelete] === true;
}

/** What a section of a project version's page is drawn with. */
export interface ProjectVersionSectionProps {
  projectId: string;
  projectVersionId: string;
}

/**
 * Sections of a project version's page, the hub people come back to: its subtitles by language,
 * its processing runs and voice-overs. Each lazily loaded under its own heading, in `order`.
 */
export const projectVersionSections =
  defineExtensionPoint<PageSectionContribution<ProjectVersionSectionProps>>('projects.versionSections');

/** The projects page's path (the home route). */
export const PROJECTS_HOME = '/';

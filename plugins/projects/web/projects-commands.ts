import type { Command, CommandContext, WhenContext } from '../../../core';
import { loadProjectsModel } from './projects-model-loader';
import { canUndoProjectVersionDelete, PROJECTS_HOME, selectedProjectVersionCount } from './extension-points';
import type { NewProjectMode } from './model/projects-model';

const onProjects = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null && ctx.path === PROJECTS_HOME;
const withSelection = (ctx: WhenContext) => onProjects(ctx) && selectedProjectVersionCount(ctx) > 0;

async function openNewProject(ctx: CommandContext, mode: NewProjectMode) {
  ctx.navigate(PROJECTS_HOME);
  (await loadProjectsModel(ctx.container)).newProjectOpened(mode);
}

/** Id of the search box on the projects page (kept here so the command needs no page code). */
const SEARCH_BOX_ID = 'projects-search';

function focusSearch(attempt = 0) {
  const box = document.getElementById(SEARCH_BOX_ID);
  if (box) return box.focus();
  if (attempt < 40) setTimeout(() => focusSearch(attempt + 1), 50);
}

/** Palette commands: plain data, listed before the projects page loads; the model loads when one runs. */
export const projectsCommands: Command[] = [
  {
    id: 'projects.upload',
    title: 'New project from video files',
    group: 'Projects',
    keywords: ['new project', 'upload', 'video', 'file', 'create', 'import'],
    shortcut: 'mod+shift+u',
    when: (ctx) => ctx.isMember && ctx.workspaceId !== null,
    run: (ctx) => openNewProject(ctx, 'upload'),
  },
  {
    id: 'projects.importLinks',
    title: 'New project from links',
    group: 'Projects',
    keywords: ['new project', 'paste', 'link', 'url', 'youtube', 'download', 'import'],
    shortcut: 'mod+shift+l',
    when: (ctx) => ctx.isMember && ctx.workspaceId !== null,
    run: (ctx) => openNewProject(ctx, 'links'),
  },
  {
    id: 'projects.search',
    title: 'Search projects',
    group: 'Projects',
    keywords: ['find', 'filter', 'title'],
    shortcut: '/',
    when: (ctx) => ctx.isMember && ctx.workspaceId !== null,
    run: (ctx) => {
      ctx.navigate(PROJECTS_HOME);
      focusSearch();
    },
  },
  {
    id: 'projects.selectAll',
    title: 'Select all project versions',
    group: 'Projects',
    keywords: ['select', 'all', 'rows', 'ctrl+a'],
    when: onProjects,
    run: async (ctx) => (await loadProjectsModel(ctx.container)).versions.allSelected(),
  },
  {
    id: 'projects.clearSelection',
    title: 'Clear selection',
    group: 'Projects',
    keywords: ['deselect', 'unselect', 'none'],
    when: withSelection,
    run: async (ctx) => (await loadProjectsModel(ctx.container)).versions.selectionCleared(),
  },
  {
    id: 'projects.deleteSelected',
    title: 'Delete selected project versions',
    group: 'Projects',
    keywords: ['remove', 'delete', 'trash', 'bulk'],
    shortcut: 'delete',
    when: withSelection,
    run: async (ctx) => (await loadProjectsModel(ctx.container)).versions.deleteRequested(),
  },
  {
    id: 'projects.dismissFailedLinks',
    // No keywords: the title's words are what people type, and this list is initial JavaScript.
    title: 'Dismiss links that did not import',
    group: 'Projects',
    when: onProjects,
    run: async (ctx) => (await loadProjectsModel(ctx.container)).links.allFailedLinksDismissed(),
  },
  {
    id: 'projects.undoDelete',
    title: 'Undo delete of project versions',
    group: 'Projects',
    keywords: ['undo', 'restore', 'bring back', 'deleted'],
    shortcut: 'mod+z',
    when: (ctx) => onProjects(ctx) && canUndoProjectVersionDelete(ctx),
    run: async (ctx) => (await loadProjectsModel(ctx.container)).undo.undoDeleteClicked(),
  },
];

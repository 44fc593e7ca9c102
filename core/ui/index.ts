/**
 * Generic widgets plugins may import (a plugin may import core, never the shell). Import from
 * `core/ui` rather than `core` so the data table's code and styles only load with the pages using it.
 */
export * from './data-table';
export { SHELL_CHROME, type ShellChrome, type ShellDialogComponent } from './shell-chrome';
export { Dialog, DialogActions } from './dialog';
export { ContributedSections, preloadSection } from './contributed-sections';
export { ResourceListPage, type ResourceListPageProps } from './resource-list-page';
export { NO_VIDEO, NOT_PLAYABLE_YET, useVideoProblem, VideoProblemNote, type VideoProblem } from './video-problem';

/**
 * Everything of data rights the browser loads on first use, behind ONE dynamic import (index.ts):
 * each `import()` costs the initial JavaScript a chunk reference, and its budget is full.
 */
export { default as UndoDeletionPage } from './undo-deletion-page';
export { default as DataRightsAccountSection } from './account-section';
export { default as DeleteUserSection } from './delete-user-section';
export { dataRightsCommands } from './data-rights-commands';
export { accountExportProgress } from './export-progress';

/**
 * The plugin's browser half behind one dynamic import: the page, the version page's section and
 * the palette's choices share one chunk, so the definition in the initial JavaScript holds one
 * reference. (The assign popup is its own chunk, loaded by the shell when first opened.)
 */
export { default as MyAssignmentsPage } from './my-assignments-page';
export { default as VersionAssignmentsSection } from './version-assignments-section';
export { assignmentChoices } from './assignment-choices';

export const LABEL_COMMANDS = {
  manage: 'labels.manage',
  apply: 'labels.applyLabel',
  remove: 'labels.removeLabel',
  filter: 'labels.filterByLabel',
  clearFilter: 'labels.clearFilter',
} as const;

/** The labels manager popup, loaded when first opened (one loader, so the shell caches its chunk). */
export const loadLabelsManager = () => import('./components/labels-manager');

import type { ComponentType } from 'react';
import type { ServiceIdentifier } from 'inversify';

/** A dialog a plugin asks the shell to show; it closes itself through `onClose`. */
export type ShellDialogComponent = ComponentType<{ onClose: () => void }>;

/**
 * What plugins may ask of the app chrome without importing the shell (a plugin never imports the
 * shell): toggle the sidebar, show a dialog, follow a long-running item in the progress panel.
 * The shell binds the implementation under SHELL_CHROME.
 */
export interface ShellChrome {
  toggleSidebar(): void;
  /** Loads the dialog lazily (its code stays out of the initial bundle) and shows it. */
  openDialog(load: () => Promise<{ default: ShellDialogComponent }>): void;
  /** Adds an item of a `progressSources` contribution to the progress panel. */
  followProgress(item: { sourceId: string; id: string }): void;
  /** Opens the command palette, optionally on the nested page of a command. */
  openPalette(commandId?: string): void;
}

export const SHELL_CHROME = Symbol.for('polycue.ShellChrome') as ServiceIdentifier<ShellChrome>;

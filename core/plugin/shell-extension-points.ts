import type { ComponentType } from 'react';
import { defineExtensionPoint, type ExtensionPoint, type WhenContext } from './plugin-api';
import type { Container } from 'inversify';

/**
 * Extension points the shell owns and reads. No plugin declares them, so the registry treats them
 * as declared: a plugin contributes to them like to any other plugin's point.
 */

/**
 * A part of another plugin's page that a plugin contributes through that plugin's extension point:
 * a section of account settings (billing, single sign-on), a panel beside the subtitle editor. Its
 * code loads when the page first draws it (core/ui `ContributedSections`, which also keeps a
 * failing one inside its place); the component gets the page's props and may draw nothing.
 */
export interface PageSectionContribution<P extends object = object> {
  id: string;
  title: string;
  /** Lower first; default 100. */
  order?: number;
  load: () => Promise<{ default: ComponentType<P> }>;
}

/** One long-running item (an export) as the progress panel shows it. */
export interface ProgressItem {
  id: string;
  title: string;
  /** 0..1 */
  progress: number;
  state: 'running' | 'done' | 'failed';
  downloadUrl?: string;
  /** Why it failed, for people (shown under a failed item). */
  failure?: string;
}

/**
 * Where the progress panel asks for the state of the items it follows (e.g. the exports plugin).
 * `ctx.container` (added within API v1) is the app's container, to get services such as the
 * ApiClient: a poll runs outside any command, and a source must not keep the container itself.
 */
export interface ProgressSource {
  id: string;
  fetch(ids: string[], ctx: { container: Container }): Promise<ProgressItem[]>;
}

export const progressSources: ExtensionPoint<ProgressSource> =
  defineExtensionPoint<ProgressSource>('shell.progressSources');

/**
 * Something drawn over the product's (app-layout) pages, e.g. the newsletter popup. Its code is
 * loaded lazily once `when` holds; the component decides itself whether to show anything.
 */
export interface ShellOverlay {
  id: string;
  load: () => Promise<{ default: ComponentType }>;
  when?: (ctx: WhenContext) => boolean;
}

export const shellOverlays: ExtensionPoint<ShellOverlay> = defineExtensionPoint<ShellOverlay>('shell.overlays');

export const SHELL_EXTENSION_POINTS: readonly ExtensionPoint<unknown>[] = [
  progressSources,
  shellOverlays,
] as ExtensionPoint<unknown>[];

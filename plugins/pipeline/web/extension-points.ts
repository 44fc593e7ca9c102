import { defineExtensionPoint, type ApiClient, type ApiError, type Container } from '../../../core';
import type { SetupSettings } from '../common/pipeline-contract';
import type { SetupKind } from './model/setup-types';

/**
 * What other plugins may add to the pipeline's screens. Data and types only: plugin definitions
 * import this file, so it must stay light.
 */

/** One choice of a picker, e.g. one vocabulary list of the workspace. */
export interface SetupResourceChoice {
  id: string;
  title: string;
  /** A second line, e.g. "42 words". */
  subtitle?: string;
  /** Chosen when the popup opens (e.g. the workspace's default guideline); people may still pick "None". */
  preselected?: boolean;
}

/** Fields of the set-up settings a picker may fill: the workspace resources the engines use. */
export type SetupResourceField = keyof Pick<SetupSettings, 'vocabularyListId' | 'guidelineId' | 'termbaseId'>;

/**
 * A workspace resource chosen at set-up (a vocabulary list, a guideline, a term base), offered by
 * the plugin that owns the resource: the set-up popups list one select per picker and put the
 * chosen id into the request's `settings[field]`, without the pipeline knowing the resource.
 */
export interface SetupResourcePicker {
  id: string;
  /** The settings field the chosen id goes into; the server checks the id belongs to the workspace. */
  field: SetupResourceField;
  /** The select's label, e.g. "Vocabulary list". */
  label: string;
  /** Under the select: what the choice changes, e.g. "Names and terms speech recognition should know." */
  hint?: string;
  /** Which popups show it (default both). */
  kinds?: SetupKind[];
  /** Ordering among pickers (lower first, default 100). */
  order?: number;
  /** The workspace's choices, asked for when a popup opens. */
  choices(ctx: { api: ApiClient; workspaceId: string }): Promise<SetupResourceChoice[]>;
}

export const setupResourcePickers = defineExtensionPoint<SetupResourcePicker>('pipeline.setupResourcePickers');

/**
 * What happens when the server refuses a set-up with a given error `code`, offered by the plugin
 * that answers it: the billing plugin's upgrade popup for `plan_limit` (core/common/plan-refusal).
 * It runs instead of the failure toast; a dialog it opens through the shell takes the set-up popup's place.
 */
export interface SetupRefusalHandler {
  id: string;
  code: string;
  handle(ctx: { container: Container; error: ApiError; kind: SetupKind }): void | Promise<void>;
}

export const setupRefusalHandlers = defineExtensionPoint<SetupRefusalHandler>('pipeline.setupRefusalHandlers');

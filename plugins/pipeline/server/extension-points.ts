import { defineServerExtensionPoint, type PlanRefusal, type Queryable } from '../../../server/plugin-api';
import type { PipelineUsageService } from '../common/pipeline-usage';

/**
 * What other plugins may add to the pipeline's server: rules that refuse a set-up, and the
 * allowances the set-up popups show. The pipeline knows no plan: the billing plugin contributes
 * both (its plans' minutes, translations a run, voice-overs and voice cloning); without a
 * contribution nothing is refused and nothing is limited.
 */

/** A set-up as a guard sees it, before anything is queued. */
export interface SetupDemand {
  workspaceId: string;
  kind: 'plain' | 'tts';
  /** Seconds of media the set-up will process (all its versions). */
  mediaSeconds: number;
  /** Translation targets of one run (subtitle languages, dubbing ones included). */
  targetLanguages: number;
  /** Voice-overs the set-up makes: dubbing languages times versions. */
  voiceOvers: number;
  voiceCloning: boolean;
}

/** What a guard or an allowance may read: the database, and what the account's runs processed (the pipeline's meter). */
export interface SetupPolicyContext {
  db: Queryable;
  usage: PipelineUsageService;
}

/**
 * Refuses a set-up (answered 402 with the refusal's code, message and field; the web's
 * `setupRefusalHandlers` act on the code). Asked once the request is valid and its versions are
 * ready, and before the pipeline checks whether an engine here can clone a voice: a plan without
 * voice cloning says so (the upgrade is the way on) before "no engine here". The first refusal wins.
 */
export interface SetupGuard {
  id: string;
  refusal(demand: SetupDemand, ctx: SetupPolicyContext): Promise<PlanRefusal | null>;
}

export const setupGuards = defineServerExtensionPoint<SetupGuard>('pipeline.setupGuards', {
  members: { refusal: 'function' },
});

/** What one set-up may use, shown by the set-up popups (show_settings); null: no limit. */
export interface SetupAllowances {
  /** Seconds of video one set-up may process (`subscriptionSubtitlesLength`). */
  secondsAllowed: number | null;
  /** Translation targets one run may have (`targetLanguagesAllowed`, the popup's hint). */
  targetLanguagesAllowed: number | null;
}

/** Several contributions: the smallest allowance of each kind wins. */
export interface SetupAllowance {
  id: string;
  allowances(workspaceId: string, ctx: SetupPolicyContext): Promise<Partial<SetupAllowances>>;
}

export const setupAllowances = defineServerExtensionPoint<SetupAllowance>('pipeline.setupAllowances', {
  members: { allowances: 'function' },
});

/** The smallest non-null value, or null when every one is (nothing limits it). */
export function smallestLimit(values: (number | null | undefined)[]): number | null {
  const set = values.filter((value): value is number => typeof value === 'number');
  return set.length ? Math.min(...set) : null;
}

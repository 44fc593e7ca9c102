import { serviceToken } from './service-token';

/**
 * What an account's plan allows, asked by the plugins that do the work (the pipeline at set-up,
 * the projects plugin for a video's size) without knowing who answers. The billing plugin provides
 * it under ACCOUNT_LIMITS; when no plugin does (billing not installed), nothing is limited.
 * Here, in core/common, because the asking plugins must not depend on the billing plugin, and the
 * refusal's code is read by the browser (to offer the upgrade instead of a bare error).
 */

/** The `code` of a 402 a plan limit answers; `reason` says which limit (the web shows the upgrade popup). */
export const PLAN_LIMIT_CODE = 'plan_limit';

export type PlanLimitReason = 'target_languages' | 'minutes' | 'voice_overs' | 'voice_cloning' | 'seats';

export interface PlanRefusal {
  code: typeof PLAN_LIMIT_CODE;
  reason: PlanLimitReason;
  /** For people: names the limit and the plan that lifts it. */
  message: string;
  /** The request field at fault (`settings.subtitleLanguages`). */
  field: string;
}

/** A set-up as the plan sees it, before anything is queued. */
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

/** A statement runner: the caller's transaction (structurally the server's Queryable; core/common holds no server code). */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface AccountLimitsService {
  /** Why the account's plan refuses this set-up, or null when it fits. */
  refuseSetup(demand: SetupDemand): Promise<PlanRefusal | null>;
  /**
   * Why the plan refuses an account of `seats` people (members and pending invitations), or null.
   * Asked by the accounts plugin before it adds or invites anyone new, inside its transaction
   * (`tx`: read the plan through it; on the embedded database a second connection would wait
   * for that transaction to end).
   */
  refuseSeats(accountId: string, seats: number, tx?: SqlRunner): Promise<PlanRefusal | null>;
  /** Largest video (bytes) an upload or a link of this workspace may bring; null: the plan sets none. */
  maxElementBytes(workspaceId: string): Promise<number | null>;
  /** Seconds of video one set-up may process (show_settings' subscriptionSubtitlesLength); null: no limit. */
  setupSecondsAllowed(workspaceId: string): Promise<number | null>;
  /** Translation targets one run may have (show_settings' targetLanguagesAllowed, the set-up popup's hint); null: the plan sets none. Optional: added within API v1. */
  targetLanguagesAllowed?(workspaceId: string): Promise<number | null>;
}

export const ACCOUNT_LIMITS = serviceToken<AccountLimitsService>('billing.accountLimits');

/**
 * The body of a 402 with which a plan refuses something (a set-up, a seat, a video), whoever
 * answers it. In core/common, not in the billing plugin, because several plugins answer it (the
 * pipeline for a set-up, accounts for a seat, single sign-on reads it back) from what billing
 * contributes to their extension points, and the browser reads its `code` to offer the upgrade
 * instead of a bare error: none of them may depend on billing, which is optional. The rules
 * themselves (which plan allows what) are billing's alone.
 */

/** The `code` of a 402 a plan limit answers; the web opens the upgrade popup for it. */
export const PLAN_LIMIT_CODE = 'plan_limit';

export interface PlanRefusal {
  code: typeof PLAN_LIMIT_CODE;
  /** Which limit (`minutes`, `target_languages`, `voice_overs`, `voice_cloning`, `seats`…); for logs and tests, not sent. */
  reason: string;
  /** For people: names the limit and the plan that lifts it. */
  message: string;
  /** The request field at fault (`settings.subtitleLanguages`). */
  field: string;
}

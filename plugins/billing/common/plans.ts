/**
 * The plan catalogue: small and fixed in code, so every installation (and its tests) agrees on
 * what a plan allows. Prices are what the local provider shows; with Stripe, the price is the one
 * configured there (STRIPE_PRICE_<PLAN>) and this label is only a hint.
 */

export type PlanId = 'free' | 'starter' | 'pro';

export interface PlanLimits {
  /** Minutes of media processed a calendar month (UTC; the paid period with a provider). */
  minutesPerMonth: number;
  /** Largest video an upload or a link may bring, in bytes. */
  maxVideoBytes: number;
  /** Translation targets (subtitle and dubbing languages) in one run. */
  targetLanguagesPerRun: number;
  /** Voice-overs (one per dubbing language and video) a month; 0: not in the plan. */
  voiceOversPerMonth: number;
  voiceCloning: boolean;
  /** People in the account. */
  seats: number;
  /** Days the account's audit log keeps an entry (GitHub's audit log keeps 90 on Free plans, longer on paid ones). */
  auditLogDays: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  priceLabel: string;
  /** What the local provider invoices a month, in cents (USD). */
  monthlyCents: number;
  limits: PlanLimits;
}

const MB = 1024 ** 2;

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    priceLabel: 'Free',
    monthlyCents: 0,
    limits: {
      minutesPerMonth: 30,
      maxVideoBytes: 500 * MB,
      targetLanguagesPerRun: 1,
      voiceOversPerMonth: 3,
      voiceCloning: false,
      seats: 3,
      auditLogDays: 90,
    },
  },
  {
    id: 'starter',
    name: 'Starter',
    priceLabel: '$19 a month',
    monthlyCents: 1900,
    limits: {
      minutesPerMonth: 300,
      maxVideoBytes: 2048 * MB,
      targetLanguagesPerRun: 5,
      voiceOversPerMonth: 20,
      voiceCloning: false,
      seats: 5,
      auditLogDays: 365,
    },
  },
  {
    id: 'pro',
    name: 'Pro',
    priceLabel: '$79 a month',
    monthlyCents: 7900,
    limits: {
      minutesPerMonth: 1500,
      maxVideoBytes: 8192 * MB,
      targetLanguagesPerRun: 20,
      voiceOversPerMonth: 200,
      voiceCloning: true,
      seats: 25,
      auditLogDays: 730,
    },
  },
];

export const FREE_PLAN_ID: PlanId = 'free';
/** Plans a subscription can name (free is having none). */
export const PAID_PLAN_IDS = ['starter', 'pro'] as const satisfies readonly PlanId[];

export function planById(id: string): Plan {
  return PLANS.find((plan) => plan.id === id) ?? PLANS[0];
}

/** The cheapest plan that allows what `fits` asks, for "upgrade to …" messages; null when none does. */
export function cheapestPlanWhere(fits: (limits: PlanLimits) => boolean): Plan | null {
  return PLANS.find((plan) => fits(plan.limits)) ?? null;
}

import type { PlanRefusal, Queryable } from '../../../server/plugin-api';
import { PLAN_LIMIT_CODE } from '../../../server/plugin-api';
import type { PipelineUsageService } from '../../pipeline/common/pipeline-usage';
import type { SetupDemand } from '../../pipeline/server/extension-points';
import { planById, type Plan, type Usage } from '../common/billing-contract';
import { cheapestPlanWhere, type PlanLimits } from '../common/plans';
import { calendarMonth, periodContaining, type Period } from './billing-period';
import type { SubscriptionRecord, SubscriptionRepository } from './subscription-repository';

export interface AccountPlan {
  plan: Plan;
  subscription: SubscriptionRecord | null;
  period: Period;
}

/** Which limit refused (PlanRefusal.reason). */
export type PlanLimitReason = 'target_languages' | 'minutes' | 'voice_overs' | 'voice_cloning' | 'seats';

/** What the limits read of other plugins, when they are installed (undefined: not installed). */
export interface AccountLimitsReaders {
  /** The pipeline's meter of processed runs (nothing is metered without it). */
  usage(): PipelineUsageService | undefined;
  /** Members and pending invitations as the accounts plugin counts them (the billing page's seat bar). */
  seatsTaken?(accountId: string): Promise<number> | undefined;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const minutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10;

/**
 * The account's plan and what is left of it, for the routes (the billing page) and for the other
 * plugins' points billing contributes to (plan-policies.ts): the pipeline's set-up guards and
 * allowances, projects' media limits, accounts' seat guards. Usage is read from the pipeline's own
 * runs (PIPELINE_USAGE); without the pipeline there is nothing to meter.
 */
export class AccountLimits {
  constructor(
    private readonly db: Queryable,
    private readonly readers: AccountLimitsReaders,
    private readonly subscriptions: SubscriptionRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async planOf(accountId: string, tx?: Queryable): Promise<AccountPlan> {
    const subscription = await this.subscriptions.current(accountId, tx);
    const now = this.now();
    return {
      plan: planById(subscription?.plan ?? 'free'),
      subscription,
      period: subscription
        ? periodContaining(new Date(subscription.currentPeriodStart), new Date(subscription.currentPeriodEnd), now)
        : calendarMonth(now),
    };
  }

  /** Seconds and voice-overs of the account's runs this period, as the pipeline counts them (none without it). */
  private processed(accountId: string, period: Period): Promise<{ seconds: number; voiceOvers: number }> {
    const usage = this.readers.usage();
    return usage
      ? usage.processed(this.db, accountId, period.start, period.end)
      : Promise.resolve({ seconds: 0, voiceOvers: 0 });
  }

  async usage(accountId: string, period: Period): Promise<Usage> {
    const processed = await this.processed(accountId, period);
    return {
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      minutesProcessed: minutes(processed.seconds),
      voiceOvers: processed.voiceOvers,
      // As refuseSeats counts them: members and pending invitations (the accounts plugin's), so the bar and the refusal agree.
      seatsUsed: (await this.readers.seatsTaken?.(accountId)) ?? (await this.subscriptions.seatsUsed(accountId)),
    };
  }

  async refuseSeats(accountId: string, seats: number, tx?: Queryable): Promise<PlanRefusal | null> {
    const { plan } = await this.planOf(accountId, tx);
    if (seats <= plan.limits.seats) return null;
    const better = cheapestPlanWhere((l) => l.seats >= seats);
    const upgrade = better && better.id !== plan.id ? ` Upgrade to ${better.name} for more.` : '';
    return {
      code: PLAN_LIMIT_CODE,
      reason: 'seats',
      field: 'emails',
      message: `The ${plan.name} plan has ${plural(plan.limits.seats, 'seat')}; this would make ${plural(seats, 'person', 'people')} with the invitations pending.${upgrade}`,
    };
  }

  async refuseSetup(demand: SetupDemand): Promise<PlanRefusal | null> {
    const accountId = await this.subscriptions.accountOfWorkspace(demand.workspaceId);
    if (!accountId) return null;
    const { plan, period } = await this.planOf(accountId);
    const { limits } = plan;
    const refuse = (
      reason: PlanLimitReason,
      field: string,
      text: string,
      fits: (l: PlanLimits) => boolean,
    ): PlanRefusal => {
      const better = cheapestPlanWhere(fits);
      const upgrade = better && better.id !== plan.id ? ` Upgrade to ${better.name} for more.` : '';
      return { code: PLAN_LIMIT_CODE, reason, field, message: `${text}${upgrade}` };
    };

    if (demand.voiceCloning && !limits.voiceCloning) {
      return refuse(
        'voice_cloning',
        'settings.voiceCloning',
        `Voice cloning is not in the ${plan.name} plan.`,
        (l) => l.voiceCloning,
      );
    }
    if (demand.targetLanguages > limits.targetLanguagesPerRun) {
      return refuse(
        'target_languages',
        'settings.subtitleLanguages',
        `The ${plan.name} plan translates into ${plural(limits.targetLanguagesPerRun, 'language')} a run; this set-up asks for ${demand.targetLanguages}.`,
        (l) => l.targetLanguagesPerRun >= demand.targetLanguages,
      );
    }
    const used = await this.processed(accountId, period);
    if (demand.voiceOvers > 0 && used.voiceOvers + demand.voiceOvers > limits.voiceOversPerMonth) {
      const text =
        limits.voiceOversPerMonth === 0
          ? `Voice-overs are not in the ${plan.name} plan.`
          : `The ${plan.name} plan makes ${plural(limits.voiceOversPerMonth, 'voice-over')} a month; ${used.voiceOvers} are made and this set-up asks for ${demand.voiceOvers}.`;
      return refuse(
        'voice_overs',
        'settings.dubbingLanguages',
        text,
        (l) => l.voiceOversPerMonth >= used.voiceOvers + demand.voiceOvers,
      );
    }
    if (used.seconds + demand.mediaSeconds > limits.minutesPerMonth * 60) {
      const left = Math.max(0, Math.floor((limits.minutesPerMonth * 60 - used.seconds) / 60));
      return refuse(
        'minutes',
        'projectVersionIds',
        `The ${plan.name} plan processes ${limits.minutesPerMonth} minutes a month; ${plural(left, 'minute')} left, and this set-up needs ${Math.ceil(demand.mediaSeconds / 60)}.`,
        (l) => l.minutesPerMonth * 60 >= used.seconds + demand.mediaSeconds,
      );
    }
    return null;
  }

  async maxElementBytes(workspaceId: string): Promise<number | null> {
    const accountId = await this.subscriptions.accountOfWorkspace(workspaceId);
    return accountId ? (await this.planOf(accountId)).plan.limits.maxVideoBytes : null;
  }

  async targetLanguagesAllowed(workspaceId: string): Promise<number | null> {
    const accountId = await this.subscriptions.accountOfWorkspace(workspaceId);
    return accountId ? (await this.planOf(accountId)).plan.limits.targetLanguagesPerRun : null;
  }

  async setupSecondsAllowed(workspaceId: string): Promise<number | null> {
    const accountId = await this.subscriptions.accountOfWorkspace(workspaceId);
    if (!accountId) return null;
    const { plan, period } = await this.planOf(accountId);
    const used = await this.processed(accountId, period);
    return Math.max(0, Math.floor(plan.limits.minutesPerMonth * 60 - used.seconds));
  }
}

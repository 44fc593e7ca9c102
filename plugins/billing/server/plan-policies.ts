import { contributeToServer, type Queryable } from '../../../server/plugin-api';
import { historyRetention, seatGuards } from '../../accounts/server/extension-points';
import type { PipelineUsageService } from '../../pipeline/common/pipeline-usage';
import { setupAllowances, setupGuards } from '../../pipeline/server/extension-points';
import { mediaLimits } from '../../projects/server/extension-points';
import { AccountLimits } from './account-limits';
import { SubscriptionRepository } from './subscription-repository';

/**
 * The plans' rules, contributed to the points of the plugins that do the work: the pipeline's
 * set-up guards (minutes, translations a run, voice-overs, voice cloning) and allowances (what the
 * set-up popups show), projects' media limits (the largest video), accounts' seat guards. Those
 * plugins know no plan; without this plugin nothing is limited.
 *
 * Each answer reads through the database handle the asker passes (the accounts plugin's
 * transaction for seats), so no state of one app is kept here: several apps in one process (the
 * tests) never share it.
 */
const limitsIn = (db: Queryable, usage?: PipelineUsageService) =>
  new AccountLimits(db, { usage: () => usage }, new SubscriptionRepository(db));

const PLAN = 'billing.plan';

export const planPolicies = [
  contributeToServer(setupGuards, {
    id: PLAN,
    refusal: (demand, { db, usage }) => limitsIn(db, usage).refuseSetup(demand),
  }),
  contributeToServer(setupAllowances, {
    id: PLAN,
    async allowances(workspaceId, { db, usage }) {
      const limits = limitsIn(db, usage);
      return {
        secondsAllowed: await limits.setupSecondsAllowed(workspaceId),
        targetLanguagesAllowed: await limits.targetLanguagesAllowed(workspaceId),
      };
    },
  }),
  contributeToServer(mediaLimits, {
    id: PLAN,
    maxElementBytes: (workspaceId, { db }) => limitsIn(db).maxElementBytes(workspaceId),
  }),
  contributeToServer(historyRetention, {
    id: PLAN,
    days: async (accountId, { db }) => (await limitsIn(db).planOf(accountId)).plan.limits.auditLogDays,
  }),
  contributeToServer(seatGuards, {
    id: PLAN,
    refusal: (accountId, seats, { tx }) => limitsIn(tx).refuseSeats(accountId, seats, tx),
  }),
];

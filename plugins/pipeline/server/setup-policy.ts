import type { FastifyInstance } from 'fastify';
import type { PlanRefusal } from '../../../server/plugin-api';
import {
  setupAllowances,
  setupGuards,
  smallestLimit,
  type SetupAllowances,
  type SetupDemand,
  type SetupPolicyContext,
} from './extension-points';
import { processedUsage } from './usage-queries';

/** What guards and allowances read: the app's database and the pipeline's own meter of processed runs. */
const policyContext = (app: FastifyInstance): SetupPolicyContext => ({
  db: app.db,
  usage: { processed: processedUsage },
});

/** The first refusal of the contributed set-up guards, or null (none contributed: nothing is refused). */
export async function refuseSetup(app: FastifyInstance, demand: SetupDemand): Promise<PlanRefusal | null> {
  const ctx = policyContext(app);
  for (const guard of app.extensions.contributions(setupGuards)) {
    const refusal = await guard.refusal(demand, ctx);
    if (refusal) return refusal;
  }
  return null;
}

/** What one set-up of the workspace may use: the smallest of every contribution's, null when none limits it. */
export async function setupAllowancesOf(app: FastifyInstance, workspaceId: string): Promise<SetupAllowances> {
  const ctx = policyContext(app);
  const all = await Promise.all(
    app.extensions.contributions(setupAllowances).map((allowance) => allowance.allowances(workspaceId, ctx)),
  );
  return {
    secondsAllowed: smallestLimit(all.map((one) => one.secondsAllowed)),
    targetLanguagesAllowed: smallestLimit(all.map((one) => one.targetLanguagesAllowed)),
  };
}

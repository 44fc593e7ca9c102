import { TOKENS, type CommandChoice, type CommandContext, type Container } from '../../../core';
import { PAID_PLAN_IDS, planById, type PlanId } from '../common/billing-contract';
import { billingModel } from './billing-model-loader';

/**
 * The palette's "Change plan…": one choice per paid plan. The account's overview is asked first
 * (a command reads no store): with a subscription the billing page asks to confirm the change,
 * without one the checkout opens (its "Subscribe" is the confirmation).
 */
export function planChoices(): CommandChoice[] {
  return PAID_PLAN_IDS.map((id) => {
    const plan = planById(id);
    return {
      id: `billing.plan.${id}`,
      title: plan.name,
      subtitle: plan.priceLabel,
      keywords: ['plan', 'upgrade', 'subscribe'],
      run: (ctx) => choosePlan(ctx, id),
    };
  });
}

export async function choosePlan(ctx: CommandContext, plan: PlanId): Promise<void> {
  ctx.navigate('/billing');
  await switchPlan(ctx.container, ctx.when.accountId, plan);
}

/**
 * Subscribes (checkout) or asks to change the current subscription's plan (the billing page's
 * confirmation, `?plan=`); the effects' toasts say how it went.
 */
export async function switchPlan(container: Container, accountId: string | null, plan: PlanId): Promise<void> {
  const model = await billingModel.load(container);
  const overview = await model.fetchOverviewFx(accountId).catch(() => null);
  if (!overview || overview.plan === plan) return;
  if (overview.subscription) container.get(TOKENS.Navigator).navigate(`/billing?plan=${plan}`);
  else await model.startCheckoutFx({ accountId, plan }).catch(() => undefined);
}

export async function openPortal(ctx: CommandContext): Promise<void> {
  const model = await billingModel.load(ctx.container);
  await model.portalFx(ctx.when.accountId).catch(() => undefined);
}

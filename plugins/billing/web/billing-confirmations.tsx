import { Dialog } from '../../../core/ui';
import { planById, type Plan, type PlanId } from '../common/billing-contract';
import { limitsOf } from './plan-limits';

/** "Cancel the subscription?": the Free plan's limits, asked before the plan falls back at once. */
export function CancelSubscriptionDialog({ onKeep, onCancel }: { onKeep(): void; onCancel(): void }) {
  return (
    <Dialog label="Cancel the subscription" onClose={onKeep}>
      <h2>Cancel the subscription?</h2>
      <p>The account goes back to the Free plan now: {limitsOf(planById('free')).join(', ')}.</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onKeep}>
          Keep it
        </button>
        <button type="button" className="button button-danger" onClick={onCancel}>
          Cancel the subscription
        </button>
      </div>
    </Dialog>
  );
}

/**
 * The confirmation step of a plan change (the page's "Change to …", the palette's "Change plan…",
 * the upgrade popup of a subscribed account): what the new plan allows and costs, side by side
 * with the current one, before anything is charged or taken away. Focus starts on the change.
 */
export function ChangePlanDialog({
  current,
  next,
  onKeep,
  onConfirm,
}: {
  current: Plan;
  next: PlanId;
  onKeep(): void;
  onConfirm(): void;
}) {
  const plan = planById(next);
  const downgrade = plan.monthlyCents < current.monthlyCents;
  return (
    <Dialog label={`Change to ${plan.name}`} onClose={onKeep}>
      <h2>Change to {plan.name}?</h2>
      <p>
        {plan.name}, {plan.priceLabel}, from now on: {limitsOf(plan).join(', ')}.
      </p>
      <p className="billing-note">
        Now: {current.name}, {current.priceLabel}: {limitsOf(current).join(', ')}.
        {downgrade ? ' Work over the new limits is refused from now on.' : ''}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onKeep}>
          Keep {current.name}
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm} data-autofocus>
          Change to {plan.name}
        </button>
      </div>
    </Dialog>
  );
}

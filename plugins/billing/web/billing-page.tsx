import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLazyModel } from '../../../core';
import {
  PLANS,
  planById,
  type BillingOverview,
  type Invoice,
  type Plan,
  type PlanId,
} from '../common/billing-contract';
import { CancelSubscriptionDialog, ChangePlanDialog } from './billing-confirmations';
import { billingModel } from './billing-model-loader';
import { limitsOf } from './plan-limits';
import './billing.css';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** One "used of allowed" line with a bar (a native progress element: its value is read out). */
function UsageBar({ label, used, allowed, unit }: { label: string; used: number; allowed: number; unit: string }) {
  const id = `billing-usage-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="billing-usage-row">
      <label htmlFor={id}>{label}</label>
      <progress
        id={id}
        max={Math.max(allowed, 1)}
        value={Math.min(used, Math.max(allowed, 1))}
        className={used >= allowed ? 'billing-full' : undefined}
      />
      <span>
        {used} of {allowed} {unit}
      </span>
    </div>
  );
}

function Invoices({ invoices }: { invoices: Invoice[] }) {
  if (invoices.length === 0) return <p className="empty-state">No invoices yet.</p>;
  return (
    <table className="billing-invoices">
      <thead>
        <tr>
          <th scope="col">Invoice</th>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id}>
            <td>
              {invoice.url ? (
                <a href={invoice.url} target="_blank" rel="noreferrer">
                  {invoice.number}
                </a>
              ) : (
                invoice.number
              )}
            </td>
            <td>{dateText(invoice.date)}</td>
            <td>{money(invoice.amount, invoice.currency)}</td>
            <td>{invoice.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * `/billing` (account admins): the plan, usage this period with bars, the plans to change to,
 * invoices from the provider, the provider's portal and cancel. A plan change and a cancel are
 * asked first. `?checkout=done` (back from a checkout), `?cancel=1` (the palette's "Cancel the
 * subscription") and `?plan=<id>` (the palette's "Change plan…", the upgrade popup) are read once.
 */
export default function BillingPage() {
  const model = useLazyModel(billingModel);
  const [overview, loading, busy] = useUnit([model.$overview, model.$loading, model.$busy]);
  const [pageOpened, subscribe, change, cancel, portal] = useUnit([
    model.pageOpened,
    model.subscribeRequested,
    model.planChangeRequested,
    model.cancelRequested,
    model.portalRequested,
  ]);
  const [params, setParams] = useSearchParams();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [confirmingPlan, setConfirmingPlan] = useState<PlanId | null>(null);

  useEffect(() => pageOpened(), [pageOpened]);
  useEffect(() => {
    if (params.get('cancel')) setConfirmingCancel(true);
    const plan = params.get('plan');
    if (plan && PLANS.some((p) => p.id === plan)) setConfirmingPlan(plan as PlanId);
    if (params.size > 0) setParams({}, { replace: true });
  }, [params, setParams]);
  // Asked only of a subscribed account, for another plan (without one, the checkout asks).
  const planToConfirm =
    overview?.subscription && confirmingPlan && confirmingPlan !== overview.plan && confirmingPlan !== 'free'
      ? confirmingPlan
      : null;

  return (
    <section className="page billing-page" aria-labelledby="billing-title" aria-busy={loading}>
      <div className="page-header">
        <h1 id="billing-title">Billing</h1>
        {overview && (
          <button type="button" className="button" disabled={busy} onClick={() => portal()}>
            {overview.provider === 'stripe' ? 'Open the billing portal' : 'Payment details'}
          </button>
        )}
      </div>
      {!overview ? (
        <p>{loading ? 'Loading…' : ''}</p>
      ) : (
        <BillingContent
          overview={overview}
          busy={busy}
          onSubscribe={subscribe}
          onChange={setConfirmingPlan}
          onCancel={() => setConfirmingCancel(true)}
        />
      )}
      {confirmingCancel && overview?.subscription && (
        <CancelSubscriptionDialog
          onKeep={() => setConfirmingCancel(false)}
          onCancel={() => {
            cancel();
            setConfirmingCancel(false);
          }}
        />
      )}
      {overview && planToConfirm && (
        <ChangePlanDialog
          current={planById(overview.plan)}
          next={planToConfirm}
          onKeep={() => setConfirmingPlan(null)}
          onConfirm={() => {
            change(planToConfirm);
            setConfirmingPlan(null);
          }}
        />
      )}
    </section>
  );
}

function BillingContent(props: {
  overview: BillingOverview;
  busy: boolean;
  onSubscribe(plan: Plan['id']): void;
  onChange(plan: Plan['id']): void;
  onCancel(): void;
}) {
  const { overview, busy } = props;
  const current = planById(overview.plan);
  const { usage } = overview;
  return (
    <>
      <section className="billing-current" aria-labelledby="billing-plan-title">
        <h2 id="billing-plan-title">{current.name} plan</h2>
        <p className="billing-period">
          {overview.subscription ? 'Paid period' : 'This month'}: {dateText(usage.periodStart)} –{' '}
          {dateText(usage.periodEnd)}
        </p>
        <UsageBar
          label="Minutes processed"
          used={usage.minutesProcessed}
          allowed={current.limits.minutesPerMonth}
          unit="minutes"
        />
        <UsageBar
          label="Voice-overs"
          used={usage.voiceOvers}
          allowed={current.limits.voiceOversPerMonth}
          unit="voice-overs"
        />
        <UsageBar label="People" used={usage.seatsUsed} allowed={current.limits.seats} unit="seats" />
        {overview.subscription && (
          <button type="button" className="button button-danger" disabled={busy} onClick={props.onCancel}>
            Cancel the subscription
          </button>
        )}
      </section>
      <section aria-labelledby="billing-plans-title">
        <h2 id="billing-plans-title">Plans</h2>
        <ul className="billing-plans">
          {PLANS.map((plan) => (
            <li key={plan.id} className="billing-plan" aria-current={plan.id === current.id ? 'true' : undefined}>
              <h3>{plan.name}</h3>
              <p className="billing-price">{plan.priceLabel}</p>
              <ul>
                {limitsOf(plan).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {plan.id === current.id ? (
                <p className="billing-current-mark">Your plan</p>
              ) : plan.id === 'free' ? null : overview.subscription ? (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy}
                  onClick={() => props.onChange(plan.id)}
                >
                  Change to {plan.name}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy}
                  onClick={() => props.onSubscribe(plan.id)}
                >
                  Subscribe to {plan.name}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="billing-invoices-title">
        <h2 id="billing-invoices-title">Invoices</h2>
        <Invoices invoices={overview.invoices} />
      </section>
    </>
  );
}

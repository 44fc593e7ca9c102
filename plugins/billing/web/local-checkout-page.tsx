import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useLazyModel } from '../../../core';
import { BILLING_PAGE, planById } from '../common/billing-contract';
import { billingModel } from './billing-model-loader';
import './billing.css';

/**
 * `/billing/checkout?session=…`: the local provider's checkout, a page of the app. Nobody is
 * charged; "Subscribe" completes the checkout on the server (good once), which starts or changes
 * the account's plan, then the billing page opens.
 */
export default function LocalCheckoutPage() {
  const model = useLazyModel(billingModel);
  const [checkout, problem, busy] = useUnit([model.$checkout, model.$checkoutProblem, model.$busy]);
  const [opened, confirmed] = useUnit([model.checkoutOpened, model.checkoutConfirmed]);
  const [params] = useSearchParams();
  const session = params.get('session') ?? '';

  useEffect(() => {
    if (session) opened(session);
  }, [session, opened]);

  const plan = checkout ? planById(checkout.plan) : null;
  return (
    <section className="page billing-checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      {problem && <p role="alert">{problem}</p>}
      {!session && <p role="alert">This checkout link is incomplete: start again from the billing page.</p>}
      {checkout && plan && (
        <>
          <p>
            <strong>{plan.name} plan</strong> · {plan.priceLabel}
          </p>
          <p className="billing-note">
            This installation takes no payment: subscribing changes the plan at once, and a local invoice is kept.
          </p>
          {checkout.state === 'open' ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => confirmed(checkout.id)}
              autoFocus
            >
              Subscribe to {plan.name}
            </button>
          ) : (
            <p role="alert">
              {checkout.state === 'completed' ? 'This checkout was already completed.' : 'This checkout has expired.'}
            </p>
          )}
        </>
      )}
      <p>
        <Link to={BILLING_PAGE}>Back to billing</Link>
      </p>
    </section>
  );
}

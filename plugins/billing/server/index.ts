import { defineServerPlugin, PLUGIN_API_MAJOR, registerTenantResource } from '../../../server/plugin-api';
import { ACCOUNT_INVITATIONS } from '../../accounts/common/account-invitations-service';
import { PIPELINE_USAGE } from '../../pipeline/common/pipeline-usage';
import { BILLING_SERVER_MESSAGES } from '../common/billing-contract';
import { AccountLimits } from './account-limits';
import { billingMigrations } from './billing-migrations';
import { registerBillingRoutes } from './billing-routes';
import { planPolicies } from './plan-policies';
import { LocalProvider } from './providers/local-provider';
import { StripeProvider, stripeConfigFromEnv } from './providers/stripe-provider';
import { registerStripeWebhook } from './stripe-webhook-routes';
import { SubscriptionRepository } from './subscription-repository';
import { BILLING_ACCOUNT_DATA } from './account-data';

/**
 * Plans and billing: the plan catalogue (common/plans.ts), an account's subscription kept in step
 * with a provider, usage metered from the pipeline's runs, and the plans' rules contributed to
 * the pipeline's set-up guards, projects' media limits and accounts' seat guards (plan-policies.ts).
 * Without this plugin nothing is limited. The provider is Stripe when STRIPE_SECRET_KEY is set (read when the app is built),
 * else the local one, whose checkout and portal are pages of the app.
 *
 * Who may do what: account admins only (members get 403, outsiders 404, as everywhere).
 */
export default defineServerPlugin({
  id: 'billing',
  accountData: BILLING_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  // The pipeline's meter (nothing is metered without it) and accounts' seat count (the billing page's bar).
  uses: [PIPELINE_USAGE, ACCOUNT_INVITATIONS],
  migrations: billingMigrations,
  contributions: planPolicies,
  async routes(app) {
    const subscriptions = new SubscriptionRepository(app.db, app.events);
    // Read per use: the pipeline and accounts provide theirs after this plugin registers.
    const limits = new AccountLimits(
      app.db,
      {
        usage: () => app.services.find(PIPELINE_USAGE),
        seatsTaken: (accountId) => app.services.find(ACCOUNT_INVITATIONS)?.seatsTaken(accountId),
      },
      subscriptions,
    );
    registerTenantResource(app, 'subscription', (id) => subscriptions.ownerOf(id), BILLING_SERVER_MESSAGES.notFound);
    registerTenantResource(
      app,
      'localCheckout',
      async (id) =>
        (
          await app.db.query<{ accountId: string }>(
            'SELECT account_id::text AS "accountId" FROM billing_local_checkouts WHERE id = $1',
            [id],
          )
        ).rows[0] ?? null,
      BILLING_SERVER_MESSAGES.checkoutNotFound,
    );
    const local = new LocalProvider(app.db);
    const stripeConfig = stripeConfigFromEnv(process.env);
    const stripe = stripeConfig ? new StripeProvider(stripeConfig) : null;
    registerBillingRoutes(app, { subscriptions, limits, provider: stripe ?? local, local });
    if (stripe) registerStripeWebhook(app, { stripe, subscriptions });
  },
});

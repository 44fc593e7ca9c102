import * as effector from 'effector';
import {
  announceEffect,
  apiEffect,
  type ApiClient,
  type AppModel,
  type Navigator,
  type ToastService,
} from '../../../core';
import {
  BILLING_MESSAGES as MESSAGES,
  BILLING_PAGE,
  BILLING_PATHS,
  type BillingOverview,
  type BillingOverviewResponse,
  type LocalCheckoutResponse,
  type PlanId,
  type RedirectResponse,
  type SubscriptionResponse,
} from '../common/billing-contract';

const { createEffect, createEvent, createStore, sample } = effector;

export interface BillingModelDeps {
  api: ApiClient;
  app: AppModel;
  toast: ToastService;
  navigator: Navigator;
  logger: Pick<Console, 'error'>;
  /** Leaves the app for a provider's page (tests record it). */
  leave(url: string): void;
}

export type LocalCheckout = LocalCheckoutResponse['data'];

/**
 * The billing page and the local checkout, one way: event -> sample -> effect (ApiClient) ->
 * store. Subscribing and the portal go where the server's redirect_uri says (a page of ours for
 * the local provider, the provider's site otherwise); change and cancel answer in place and
 * reload the overview and the user (docs/product-contract.md#entities-and-fields: the account's subscription.isCurrent). Toasts are
 * the contract's (docs/product-contract.md#messages), verbatim.
 */
export function createBillingModel(deps: BillingModelDeps) {
  const { api, app, toast } = deps;
  const pageOpened = createEvent();
  const subscribeRequested = createEvent<PlanId>();
  const portalRequested = createEvent();
  const planChangeRequested = createEvent<PlanId>();
  const cancelRequested = createEvent();
  const checkoutOpened = createEvent<string>();
  const checkoutConfirmed = createEvent<string>();

  const accountParams = (accountId: string | null) => (accountId ? { accountId } : {});
  const fetchOverviewFx = apiEffect(
    async (accountId: string | null) =>
      (await api.get<BillingOverviewResponse>(BILLING_PATHS.overview, { params: accountParams(accountId) })).data.data,
  );
  const go = (target: string) => (target.startsWith('/') ? deps.navigator.navigate(target) : deps.leave(target));
  const startCheckoutFx = apiEffect(async ({ accountId, plan }: { accountId: string | null; plan: PlanId }) => {
    go(
      (await api.post<RedirectResponse>(BILLING_PATHS.startCheckout, { ...accountParams(accountId), plan })).data
        .redirect_uri,
    );
  });
  const portalFx = apiEffect(async (accountId: string | null) => {
    go((await api.get<RedirectResponse>(BILLING_PATHS.portal, { params: accountParams(accountId) })).data.redirect_uri);
  });
  const changePlanFx = apiEffect(
    async ({ subscriptionId, plan }: { subscriptionId: string; plan: PlanId }) =>
      (await api.put<SubscriptionResponse>(BILLING_PATHS.change(subscriptionId), { plan })).data.data,
  );
  const cancelFx = apiEffect(
    async (accountId: string | null) =>
      (await api.delete<SubscriptionResponse>(BILLING_PATHS.cancel, { params: accountParams(accountId) })).data.data,
  );
  const fetchCheckoutFx = apiEffect(
    async (session: string) => (await api.get<LocalCheckoutResponse>(BILLING_PATHS.localCheckout(session))).data.data,
  );
  const completeCheckoutFx = apiEffect(
    async (session: string) =>
      (await api.post<SubscriptionResponse>(BILLING_PATHS.completeLocalCheckout(session), {})).data.data,
  );

  const $overview = createStore<BillingOverview | null>(null)
    .on(fetchOverviewFx.doneData, (_, overview) => overview)
    .reset(app.accountChanged, app.loggedOut);
  const $checkout = createStore<LocalCheckout | null>(null)
    .on(fetchCheckoutFx.doneData, (_, checkout) => checkout)
    .reset(checkoutOpened);
  const $checkoutProblem = createStore<string | null>(null)
    .on(fetchCheckoutFx.failData, (_, error) => error.message)
    .on(completeCheckoutFx.failData, (_, error) => error.message)
    .reset(checkoutOpened);
  const $busy = effector.combine(
    startCheckoutFx.pending,
    portalFx.pending,
    changePlanFx.pending,
    cancelFx.pending,
    completeCheckoutFx.pending,
    (...pending) => pending.some(Boolean),
  );

  const $opened = createStore(false)
    .on(pageOpened, () => true)
    .reset(app.loggedOut);
  // Once the page has been opened: an account change (or a change here) reloads it.
  sample({
    clock: [pageOpened, app.accountChanged, changePlanFx.done, cancelFx.done],
    source: { opened: $opened, accountId: app.$currentAccountId },
    filter: ({ opened, accountId }) => opened && accountId !== null,
    fn: ({ accountId }) => accountId,
    target: fetchOverviewFx,
  });
  sample({
    clock: subscribeRequested,
    source: app.$currentAccountId,
    fn: (accountId, plan) => ({ accountId, plan }),
    target: startCheckoutFx,
  });
  sample({ clock: portalRequested, source: app.$currentAccountId, target: portalFx });
  sample({
    clock: planChangeRequested,
    source: $overview,
    filter: (overview, plan) => overview?.subscription != null && overview.plan !== plan,
    fn: (overview, plan) => ({ subscriptionId: overview!.subscription!.id, plan }),
    target: changePlanFx,
  });
  sample({ clock: cancelRequested, source: app.$currentAccountId, target: cancelFx });
  sample({ clock: checkoutOpened, target: fetchCheckoutFx });
  sample({ clock: checkoutConfirmed, target: completeCheckoutFx });
  // The account's subscription.isCurrent (docs/product-contract.md#entities-and-fields) comes with the user.
  sample({ clock: [changePlanFx.done, cancelFx.done, completeCheckoutFx.done], target: app.userRequested });
  const goFx = createEffect((path: string) => deps.navigator.navigate(path));
  sample({ clock: completeCheckoutFx.done, fn: () => `${BILLING_PAGE}?checkout=done`, target: goFx });

  const announce = { toast, logger: deps.logger };
  announceEffect(announce, 'billing', fetchOverviewFx, { fail: MESSAGES.overviewNotLoaded });
  announceEffect(announce, 'billing', startCheckoutFx, { fail: MESSAGES.notSold });
  announceEffect(announce, 'billing', completeCheckoutFx, { done: MESSAGES.updated, fail: MESSAGES.notSold });
  announceEffect(announce, 'billing', portalFx, { fail: MESSAGES.billingNotOpened });
  announceEffect(announce, 'billing', changePlanFx, { done: MESSAGES.updated, fail: MESSAGES.notUpdated });
  announceEffect(announce, 'billing', cancelFx, { done: MESSAGES.canceled, fail: MESSAGES.notCanceled });

  return {
    pageOpened,
    subscribeRequested,
    portalRequested,
    planChangeRequested,
    cancelRequested,
    checkoutOpened,
    checkoutConfirmed,
    fetchOverviewFx,
    startCheckoutFx,
    portalFx,
    changePlanFx,
    cancelFx,
    completeCheckoutFx,
    $overview,
    $loading: fetchOverviewFx.pending,
    $checkout,
    $checkoutProblem,
    $busy,
  };
}

export type BillingModel = ReturnType<typeof createBillingModel>;

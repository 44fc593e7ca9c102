import * as effector from 'effector';
import { announceEffect, apiEffect, type ApiClient, type ToastService } from '../../../core';
import {
  TWO_FACTOR_MESSAGES as MESSAGES,
  TWO_FACTOR_PATHS,
  type SignInCompleted,
  type TwoFactorSetup,
  type TwoFactorState,
} from '../common/two-factor-contract';

const { createEvent, createStore, sample } = effector;

export interface TwoFactorModelDeps {
  api: ApiClient;
  toast: ToastService;
  logger: Pick<Console, 'error'>;
  /** Loads the app again at `path` once the log-in is done (a fresh start with the new session). */
  leave(path: string): void;
}

/**
 * Two-factor sign-in in the browser, one way: event -> sample -> effect -> store. Three places use
 * it: the profile's section (set up, turn off), the log-in's second step, the account's rule.
 */
export function createTwoFactorModel(deps: TwoFactorModelDeps) {
  const { api } = deps;
  const ownOpened = createEvent();
  const setupRequested = createEvent();
  const confirmSubmitted = createEvent<string>();
  const disableSubmitted = createEvent<string>();
  const stepOpened = createEvent<{ setup: boolean; redirectTo: string }>();
  const stepSubmitted = createEvent<string>();
  const recoveryCodesSeen = createEvent();
  const policyOpened = createEvent<string>();
  const policyChanged = createEvent<{ accountId: string; required: boolean }>();

  const loadFx = apiEffect(async () => (await api.get<{ data: TwoFactorState }>(TWO_FACTOR_PATHS.own)).data.data);
  const setupFx = apiEffect(async () => (await api.post<{ data: TwoFactorSetup }>(TWO_FACTOR_PATHS.setup)).data.data);
  const confirmFx = apiEffect(
    async (code: string) =>
      (await api.post<{ data: { recoveryCodes: string[] } }>(TWO_FACTOR_PATHS.confirm, { code })).data.data
        .recoveryCodes,
  );
  const disableFx = apiEffect(async (code: string) => {
    await api.delete(TWO_FACTOR_PATHS.own, { code });
  });
  const stepSetupFx = apiEffect(
    async () => (await api.post<{ data: TwoFactorSetup }>(TWO_FACTOR_PATHS.signInSetup)).data.data,
  );
  const stepFx = apiEffect(
    async (code: string) => (await api.post<SignInCompleted>(TWO_FACTOR_PATHS.signIn, { code })).data,
  );
  const leaveFx = effector.createEffect((path: string) => deps.leave(path));
  const loadPolicyFx = apiEffect(
    async (accountId: string) =>
      (await api.get<{ data: { required: boolean } }>(TWO_FACTOR_PATHS.policy, { params: { accountId } })).data.data
        .required,
  );
  const savePolicyFx = apiEffect(
    async (body: { accountId: string; required: boolean }) =>
      (await api.put<{ data: { required: boolean } }>(TWO_FACTOR_PATHS.policy, body)).data.data.required,
  );

  const $state = createStore<TwoFactorState | null>(null).on(loadFx.doneData, (_, state) => state);
  /** The QR code being set up (profile or log-in), until it is confirmed. */
  const $setup = createStore<TwoFactorSetup | null>(null)
    .on([setupFx.doneData, stepSetupFx.doneData], (_, setup) => setup)
    .reset([confirmFx.done, ownOpened, stepFx.done]);
  /** Shown once, right after turning it on; gone when the person says they kept them. */
  const $recoveryCodes = createStore<string[] | null>(null)
    .on(confirmFx.doneData, (_, codes) => codes)
    .on(stepFx.doneData, (_, done) => done.recoveryCodes ?? null)
    .reset([recoveryCodesSeen, ownOpened]);
  /** The server's sentence about the code typed, until the next try. */
  const $codeError = createStore<string | null>(null)
    .on([confirmFx.failData, disableFx.failData, stepFx.failData], (_, error) => error.message)
    .reset([confirmSubmitted, disableSubmitted, stepSubmitted, ownOpened, stepOpened]);
  const $redirectTo = createStore('/').on(stepOpened, (_, { redirectTo }) => redirectTo);
  const $required = createStore<boolean | null>(null)
    .on([loadPolicyFx.doneData, savePolicyFx.doneData], (_, required) => required)
    .reset(policyOpened);
  const $policyError = createStore<string | null>(null)
    .on(savePolicyFx.failData, (_, error) => error.message)
    .reset([policyChanged, policyOpened]);

  sample({ clock: [ownOpened, confirmFx.done, disableFx.done], target: loadFx });
  sample({ clock: setupRequested, target: setupFx });
  sample({
    clock: confirmSubmitted,
    filter: (code) => code.trim() !== '',
    fn: (code) => code.trim(),
    target: confirmFx,
  });
  sample({
    clock: disableSubmitted,
    filter: (code) => code.trim() !== '',
    fn: (code) => code.trim(),
    target: disableFx,
  });
  sample({ clock: stepOpened, filter: ({ setup }) => setup, target: stepSetupFx });
  sample({
    clock: stepSubmitted,
    source: stepFx.pending,
    filter: (pending, code) => !pending && code.trim() !== '',
    fn: (_, code) => code.trim(),
    target: stepFx,
  });
  // Logged in: start the app again there, unless recovery codes must be read first.
  sample({ clock: stepFx.doneData, source: $redirectTo, filter: (_, done) => !done.recoveryCodes, target: leaveFx });
  const $loggedIn = createStore(false).on(stepFx.done, () => true);
  sample({
    clock: recoveryCodesSeen,
    source: { redirectTo: $redirectTo, loggedIn: $loggedIn },
    filter: ({ loggedIn }) => loggedIn,
    fn: ({ redirectTo }) => redirectTo,
    target: leaveFx,
  });
  sample({ clock: policyOpened, target: loadPolicyFx });
  sample({ clock: policyChanged, target: savePolicyFx });

  announceEffect(deps, 'two-factor', loadFx, { fail: MESSAGES.notLoaded });
  announceEffect(deps, 'two-factor', confirmFx, { done: MESSAGES.enabled, fail: MESSAGES.notTurnedOn });
  announceEffect(deps, 'two-factor', disableFx, { done: MESSAGES.disabled, fail: MESSAGES.notTurnedOff });
  announceEffect(deps, 'two-factor', savePolicyFx, { done: MESSAGES.policySaved, fail: MESSAGES.policyNotSaved });

  return {
    ownOpened,
    setupRequested,
    confirmSubmitted,
    disableSubmitted,
    stepOpened,
    stepSubmitted,
    recoveryCodesSeen,
    policyOpened,
    policyChanged,
    $state,
    $setup,
    $recoveryCodes,
    $codeError,
    $required,
    $policyError,
    $settingUp: setupFx.pending,
    $stepPending: stepFx.pending,
    $codePending: effector.combine(confirmFx.pending, disableFx.pending, (a, b) => a || b),
  };
}

export type TwoFactorModel = ReturnType<typeof createTwoFactorModel>;

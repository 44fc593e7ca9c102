import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import * as effector from 'effector';
import { announceEffect, apiEffect, type ApiClient, type ToastService } from '../../../core';
import {
  PASSKEY_MESSAGES as MESSAGES,
  PASSKEY_PATHS,
  type Passkey,
  type PasskeyRegistered,
  type SignInMethods,
} from '../common/passkeys-contract';
import { answerWithPasskey, createPasskey } from './passkey-ceremony';

const { createEvent, createStore, sample } = effector;

export interface PasskeysModelDeps {
  api: ApiClient;
  toast: ToastService;
  logger: Pick<Console, 'error'>;
  /** Loads the app again at `path` once the log-in is done (a fresh start with the new session). */
  leave(path: string): void;
  /** The browser's side of the ceremonies (passkey-ceremony.ts; tests pass an authenticator of their own). */
  ceremony?: { create: typeof createPasskey; answer: typeof answerWithPasskey };
}

/**
 * Passkeys in the browser, one way: event -> sample -> effect -> store. Two places use it: the
 * profile's list (add, rename, remove) and the log-in's second step (answer with a passkey).
 */
export function createPasskeysModel(deps: PasskeysModelDeps) {
  const { api } = deps;
  const ceremony = deps.ceremony ?? { create: createPasskey, answer: answerWithPasskey };
  const listOpened = createEvent();
  const addSubmitted = createEvent<string>();
  const renameSubmitted = createEvent<{ id: string; name: string }>();
  const removeConfirmed = createEvent<string>();
  const recoveryCodesSeen = createEvent();
  const stepOpened = createEvent<{ redirectTo: string }>();
  const passkeyChosen = createEvent();

  const loadFx = apiEffect(async () => (await api.get<{ data: Passkey[] }>(PASSKEY_PATHS.passkeys)).data.data);
  // Options, the authenticator's answer, then the server's check: one call as the person sees it.
  const addFx = apiEffect(async (name: string) => {
    const options = (
      await api.post<{ data: PublicKeyCredentialCreationOptionsJSON }>(PASSKEY_PATHS.registrationOptions)
    ).data.data;
    const response = await ceremony.create(options);
    return (await api.post<{ data: PasskeyRegistered }>(PASSKEY_PATHS.passkeys, { name, response })).data.data;
  });
  const renameFx = apiEffect(async ({ id, name }: { id: string; name: string }) => {
    await api.patch(PASSKEY_PATHS.passkey(id), { name });
  });
  const removeFx = apiEffect(async (id: string) => {
    await api.delete(PASSKEY_PATHS.passkey(id));
  });
  const methodsFx = apiEffect(
    async () => (await api.post<{ data: SignInMethods }>(PASSKEY_PATHS.signInMethods)).data.data,
  );
  const signInFx = apiEffect(async ({ methods, redirectTo }: { methods: SignInMethods; redirectTo: string }) => {
    const response = await ceremony.answer(methods.passkey!);
    await api.post(PASSKEY_PATHS.signInPasskey, { response });
    return redirectTo;
  });
  const leaveFx = effector.createEffect((path: string) => deps.leave(path));

  const $passkeys = createStore<Passkey[] | null>(null).on(loadFx.doneData, (_, list) => list);
  /** Shown once, when the first passkey turned two-factor sign-in on. */
  const $recoveryCodes = createStore<string[] | null>(null)
    .on(addFx.doneData, (_, done) => done.recoveryCodes ?? null)
    .reset([recoveryCodesSeen, listOpened]);
  /** The server's (or the browser's) sentence about the last try, until the next one. */
  const $error = createStore<string | null>(null)
    .on([addFx.failData, signInFx.failData], (_, error) => error.message)
    .reset([addSubmitted, passkeyChosen, listOpened, stepOpened]);
  /** The second step's choices; asked again after a refused answer (each challenge works once). */
  const $methods = createStore<SignInMethods | null>(null).on(methodsFx.doneData, (_, methods) => methods);
  const $redirectTo = createStore('/').on(stepOpened, (_, { redirectTo }) => redirectTo);

  sample({ clock: [listOpened, addFx.done, renameFx.done, removeFx.done], target: loadFx });
  sample({
    clock: addSubmitted,
    source: addFx.pending,
    filter: (pending, name) => !pending && name.trim() !== '',
    fn: (_, name) => name.trim(),
    target: addFx,
  });
  sample({ clock: renameSubmitted, filter: ({ name }) => name.trim() !== '', target: renameFx });
  sample({ clock: removeConfirmed, target: removeFx });
  sample({ clock: [stepOpened, signInFx.fail], target: methodsFx });
  sample({
    clock: passkeyChosen,
    source: { methods: $methods, redirectTo: $redirectTo, pending: signInFx.pending },
    filter: ({ methods, pending }) => !pending && Boolean(methods?.passkey),
    fn: ({ methods, redirectTo }) => ({ methods: methods!, redirectTo }),
    target: signInFx,
  });
  sample({ clock: signInFx.doneData, target: leaveFx });

  announceEffect(deps, 'passkeys', loadFx, { fail: MESSAGES.notLoaded });
  announceEffect(deps, 'passkeys', addFx, { done: MESSAGES.added, fail: MESSAGES.notAdded });
  announceEffect(deps, 'passkeys', renameFx, { done: MESSAGES.renamed, fail: MESSAGES.notRenamed });
  announceEffect(deps, 'passkeys', removeFx, { done: MESSAGES.removed, fail: MESSAGES.notRemoved });
  announceEffect(deps, 'passkeys', signInFx, { fail: MESSAGES.signInFailed });

  return {
    listOpened,
    addSubmitted,
    renameSubmitted,
    removeConfirmed,
    recoveryCodesSeen,
    stepOpened,
    passkeyChosen,
    $passkeys,
    $recoveryCodes,
    $error,
    $methods,
    $adding: addFx.pending,
    $signingIn: signInFx.pending,
    /** Something changed the user's second factors: the two-factor summary reloads. */
    changed: effector.merge([addFx.done, removeFx.done]),
  };
}

export type PasskeysModel = ReturnType<typeof createPasskeysModel>;

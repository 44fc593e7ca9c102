import * as effector from 'effector';
import { announceEffect, apiEffect, type ApiClient, type ToastService } from '../../../core';
import { AUTH_MESSAGES } from '../../auth/common/auth-contract';
import {
  SSO_CALLBACK_ERRORS,
  SSO_MESSAGES as MESSAGES,
  SSO_PATHS,
  type ConnectionCheckResponse,
  type DomainVerificationResponse,
  type ProvidersResponse,
  type RedirectResponse,
  type SaveSettingsRequest,
  type SettingsResponse,
  type SsoSettingsAttributes,
} from '../common/sso-contract';

const { createEvent, createStore, sample } = effector;

export interface SsoModelDeps {
  api: ApiClient;
  toast: ToastService;
  logger: Pick<Console, 'error'>;
  /** Leaves the app for the identity provider or the admin portal (tests record it). */
  leave(url: string): void;
}

/**
 * Single sign-on in the browser, one way: event -> sample -> effect (the ApiClient) -> store. On
 * the log-in page: "Sign in with SSO" (the e-mail's provider) and "Sign in with Google" leave for
 * the provider's `redirect_uri`; a refused callback comes back with `?sso_error=` and is said. The
 * admin portal opens the account's settings, loaded and saved here.
 */
export function createSsoModel(deps: SsoModelDeps) {
  const { api, toast } = deps;
  const signInPageOpened = createEvent<string>();
  const ssoRequested = createEvent<string>();
  const googleRequested = createEvent();
  const adminPortalRequested = createEvent<string>();
  const settingsOpened = createEvent<string>();
  const settingsSubmitted = createEvent<SaveSettingsRequest>();
  const removeRequested = createEvent<string>();
  const checkRequested = createEvent<string>();
  const verifyRequested = createEvent<string>();

  const leaveFx = effector.createEffect((url: string) => deps.leave(url));
  const providersFx = apiEffect(async () => (await api.get<ProvidersResponse>(SSO_PATHS.providers)).data.data);
  const ssoFx = apiEffect(
    async (email: string) => (await api.post<RedirectResponse>(SSO_PATHS.auth, { email })).data.redirect_uri,
  );
  const googleFx = apiEffect(async () => (await api.post<RedirectResponse>(SSO_PATHS.google, {})).data.redirect_uri);
  const adminPortalFx = apiEffect(
    async (accountId: string) =>
      (await api.post<RedirectResponse>(SSO_PATHS.openAdminPortal, { accountId })).data.redirect_uri,
  );
  const loadSettingsFx = apiEffect(
    async (accountId: string) =>
      (await api.get<SettingsResponse>(SSO_PATHS.settings, { params: { accountId } })).data.data.attributes,
  );
  const saveSettingsFx = apiEffect(
    async (body: SaveSettingsRequest) =>
      (await api.put<SettingsResponse>(SSO_PATHS.settings, body)).data.data.attributes,
  );
  const removeFx = apiEffect(
    async (accountId: string) =>
      (await api.delete<SettingsResponse>(SSO_PATHS.settings, { accountId })).data.data.attributes,
  );
  const checkFx = apiEffect(
    async (accountId: string) =>
      (await api.post<ConnectionCheckResponse>(SSO_PATHS.checkConnection, { accountId })).data.data,
  );
  const verifyFx = apiEffect(
    async (accountId: string) =>
      (await api.post<DomainVerificationResponse>(SSO_PATHS.verifyDomains, { accountId })).data.data.domains,
  );

  const $google = createStore(false).on(providersFx.doneData, (_, providers) => providers.google);
  const $leaving = createStore(false)
    .on([ssoFx.done, googleFx.done, adminPortalFx.done], () => true)
    .reset([ssoFx.fail, googleFx.fail, adminPortalFx.fail]);
  const $settings = createStore<SsoSettingsAttributes | null>(null)
    .on([loadSettingsFx.doneData, saveSettingsFx.doneData, removeFx.doneData], (_, settings) => settings)
    .reset(settingsOpened);
  /** The settings page's failure to load (its empty state), null otherwise. */
  const $loadError = createStore<string | null>(null)
    .on(loadSettingsFx.failData, (_, error) => error.message)
    .reset(settingsOpened);
  /** The server's sentence on the field it names, after a refused save. */
  const $fieldError = createStore<{ field: string; message: string } | null>(null)
    .on(saveSettingsFx.failData, (_, error) => (error.field ? { field: error.field, message: error.message } : null))
    .reset([settingsSubmitted, settingsOpened]);
  /**
   * The last "Test connection" outcome, for its account; gone once the settings change. Kept when
   * the page opens for the same account: the palette's command asks before the page has opened.
   */
  const $check = createStore<{ accountId: string; ok: boolean; message: string } | null>(null)
    .on(checkFx.done, (_, { params, result }) => ({ accountId: params, ...result }))
    .on(settingsOpened, (check, accountId) => (check?.accountId === accountId ? check : null))
    .reset([settingsSubmitted, removeRequested, checkRequested]);

  /** What "Verify domains" found for each domain (its sentence), until the settings change. */
  const $verification = createStore<Record<string, string>>({})
    .on(verifyFx.doneData, (_, domains) => Object.fromEntries(domains.map((d) => [d.domain, d.message])))
    .reset([settingsSubmitted, settingsOpened, removeRequested]);

  sample({ clock: signInPageOpened, target: providersFx });
  // Back from a provider that did not sign the person in: the reason, in the page's words.
  const callbackRefused = sample({
    clock: signInPageOpened,
    fn: (search) => new URLSearchParams(search).get('sso_error') ?? '',
    filter: (search) => new URLSearchParams(search).get('sso_error') !== null,
  });
  sample({
    clock: callbackRefused,
    fn: (code) => ({
      kind: 'error' as const,
      title: AUTH_MESSAGES.logInFailed,
      description: SSO_CALLBACK_ERRORS[code as keyof typeof SSO_CALLBACK_ERRORS] ?? SSO_CALLBACK_ERRORS.refused,
    }),
    target: toast.shown,
  });

  // One start at a time; after success the browser is on its way to the provider.
  const $busy = effector.combine($leaving, ssoFx.pending, googleFx.pending, (leaving, a, b) => leaving || a || b);
  sample({
    clock: ssoRequested,
    source: $busy,
    filter: (busy, email) => !busy && email.trim() !== '',
    fn: (_, email) => email.trim(),
    target: ssoFx,
  });
  sample({ clock: googleRequested, source: $busy, filter: (busy) => !busy, target: googleFx });
  sample({ clock: adminPortalRequested, target: adminPortalFx });
  sample({ clock: [ssoFx.doneData, googleFx.doneData, adminPortalFx.doneData], target: leaveFx });
  sample({ clock: settingsOpened, target: loadSettingsFx });
  sample({ clock: settingsSubmitted, target: saveSettingsFx });
  sample({ clock: removeRequested, target: removeFx });
  sample({
    clock: verifyRequested,
    source: verifyFx.pending,
    filter: (pending) => !pending,
    fn: (_, accountId) => accountId,
    target: verifyFx,
  });
  // The statuses on the page come from the settings: read again once the lookups are done.
  sample({ clock: verifyFx.done, fn: ({ params }) => params, target: loadSettingsFx });
  sample({
    clock: checkRequested,
    source: checkFx.pending,
    filter: (pending) => !pending,
    fn: (_, accountId) => accountId,
    target: checkFx,
  });

  // docs/product-contract.md#messages: a sign-in that cannot start (unknown domain, provider unreachable) is
  // 'Authentication failed'; the server's reason is the toast's description.
  announceEffect(deps, 'sso', ssoFx, { fail: AUTH_MESSAGES.authenticationFailed });
  announceEffect(deps, 'sso', googleFx, { fail: AUTH_MESSAGES.authenticationFailed });
  announceEffect(deps, 'sso', adminPortalFx, { fail: MESSAGES.cantOpenAdminPortal });
  announceEffect(deps, 'sso', loadSettingsFx, { fail: MESSAGES.settingsNotLoaded });
  announceEffect(deps, 'sso', saveSettingsFx, { done: MESSAGES.settingsSaved, fail: MESSAGES.settingsNotSaved });
  announceEffect(deps, 'sso', removeFx, { done: MESSAGES.removed, fail: MESSAGES.notRemoved });
  announceEffect(deps, 'sso', checkFx, { fail: MESSAGES.checkFailed });
  announceEffect(deps, 'sso', verifyFx, { fail: MESSAGES.verifyFailed });

  return {
    signInPageOpened,
    ssoRequested,
    googleRequested,
    adminPortalRequested,
    settingsOpened,
    settingsSubmitted,
    removeRequested,
    checkRequested,
    verifyRequested,
    $google,
    $leaving,
    $busy,
    $settings,
    $loadError,
    $fieldError,
    $saving: saveSettingsFx.pending,
    $removing: removeFx.pending,
    $check,
    $checking: checkFx.pending,
    $verification,
    $verifying: verifyFx.pending,
    adminPortalFx,
  };
}

export type SsoModel = ReturnType<typeof createSsoModel>;

import { TOKENS, type Container } from '../../../core';
import { createFlowUnits, type AuthModelDeps } from './model/flow-units';
import { createSignUpModel } from './model/sign-up-model';
import { createSignInModel } from './model/sign-in-model';
import { createLogOutModel } from './model/log-out-model';
import { createPasswordResetModel } from './model/password-reset-model';
import { createOnboardingModel } from './model/onboarding-model';
import { createProfileModel } from './model/profile-model';

/**
 * The auth plugin's Effector units, one group per flow. Every flow runs
 * UI event -> sample -> effect (ApiClient / AuthService) -> store -> UI, with its own pending flag.
 * This module is only reached through `loadAuthModel` (a dynamic import), so it stays out of the
 * shell's initial JavaScript; the newsletter popup has its own model (model/newsletter-model.ts).
 */
export function createAuthModel(deps: AuthModelDeps) {
  const units = createFlowUnits(deps);
  return {
    units,
    /** The app user, as the model saw it (pages read it from here rather than resolving the app model). */
    $user: deps.app.$user,
    signUp: createSignUpModel(deps, units),
    signIn: createSignInModel(deps, units),
    logOut: createLogOutModel(deps, units),
    passwordReset: createPasswordResetModel(deps, units),
    onboarding: createOnboardingModel(deps, units),
    profile: createProfileModel(deps, units),
  };
}

export type AuthModel = ReturnType<typeof createAuthModel>;

/** The model on the container's services (what `loadAuthModel` builds once per container). */
export function buildAuthModel(container: Container): AuthModel {
  return createAuthModel({
    api: container.get(TOKENS.ApiClient),
    auth: container.get(TOKENS.AuthService),
    toast: container.get(TOKENS.ToastService),
    navigator: container.get(TOKENS.Navigator),
    cookies: container.get(TOKENS.CookieService),
    app: container.get(TOKENS.AppModel),
    logger: console,
  });
}

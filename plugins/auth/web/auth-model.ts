import { SHELL_CHROME, TOKENS, type ModelContext, type ModelFactory, type ServiceIdentifier } from '../../../core';
import { createFlowUnits, type AuthModelDeps } from './model/flow-units';
import { createSignUpModel } from './model/sign-up-model';
import { createSignInModel } from './model/sign-in-model';
import { createLogOutModel } from './model/log-out-model';
import { createPasswordResetModel } from './model/password-reset-model';
import { createOnboardingModel } from './model/onboarding-model';
import { createProfileModel } from './model/profile-model';
import { createNewsletterModel } from './model/newsletter-model';

/**
 * The auth plugin's Effector units, one group per flow. Every flow runs
 * UI event -> sample -> effect (ApiClient / AuthService) -> store -> UI, with its own pending flag.
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
    newsletter: createNewsletterModel(deps, units),
  };
}

export type AuthModel = ReturnType<typeof createAuthModel>;

export const AUTH_MODEL = Symbol.for('polycue.auth.model') as ServiceIdentifier<AuthModel>;

export const authModelFactory: ModelFactory<AuthModel> = {
  token: AUTH_MODEL,
  create({ container, app }: ModelContext) {
    return createAuthModel({
      api: container.get(TOKENS.ApiClient),
      auth: container.get(TOKENS.AuthService),
      toast: container.get(TOKENS.ToastService),
      navigator: container.get(TOKENS.Navigator),
      cookies: container.get(TOKENS.CookieService),
      app,
      logger: console,
      chrome: container.isBound(SHELL_CHROME) ? container.get(SHELL_CHROME) : null,
    });
  },
};


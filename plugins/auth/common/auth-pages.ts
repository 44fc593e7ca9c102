/**
 * Page routes (SPA) of the auth plugin, in a file of their own: the plugin definition and its
 * commands (initial JavaScript) need these paths and nothing else of the contract.
 * `/users/password/edit` and `/users/confirmation` are Devise's.
 */
export const AUTH_PAGES = {
  signUp: '/users/sign_up',
  signIn: '/users/sign_in',
  passwordNew: '/users/password/new',
  passwordEdit: '/users/password/edit',
  onboarding: '/onboarding',
  checkEmail: '/onboarding/check_email',
  profile: '/profile',
  /**
   * Where a log-in held back after the password (a refusal whose code starts with
   * `second_factor`, from a `passwordSignInSteps` contribution) continues, with `?step=<code>`
   * and `redirect_to`. The plugin holding it back serves the page (two-factor does).
   */
  secondStep: '/users/two_factor',
} as const;

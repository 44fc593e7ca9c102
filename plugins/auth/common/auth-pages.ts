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
} as const;

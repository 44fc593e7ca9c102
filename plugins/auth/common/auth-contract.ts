/**
 * The auth calls as both sides see them. Paths, field names and messages are the spec's, verbatim.
 * Errors come back as `{ statusCode, error, message, code?, field? }`; `message` is shown to people.
 */
import type { CurrentUserResponse, UserResource } from '../../../core/common/session-types';

export const AUTH_PATHS = {
  signUp: '/users',
  signIn: '/users/sign_in',
  signOut: '/users/sign_out',
  confirmation: '/users/confirmation',
  password: '/users/password',
  currentUser: '/api/v1/users/',
  survey: '/api/v1/users/survey',
  setLastViewedAlert: '/api/v1/users/set_last_viewed_alert',
  setLastUsedAccount: '/api/v1/users/set_last_used_account',
  setLastUsedWorkspace: '/api/v1/users/set_last_used_workspace',
  resetShouldSeeNewsletterPopup: '/api/v1/users/reset_should_see_newsletter_popup',
  updateProfile: '/api/v1/users/update_profile',
  changeAvatar: '/api/v1/users/change_avatar',
} as const;

export { AUTH_PAGES } from './auth-pages';

export const AUTH_MESSAGES = {
  emailDomainNotPermitted: 'Email domain is not permitted',
  logInFailed: 'Log-in failed',
  logoutFailed: 'Logout is failed',
  authenticationFailed: 'Authentication failed',
  userDetailsNotLoaded: 'User details cannot be loaded',
  confirmationResent: 'Confirmation request resent',
  alreadyConfirmed: 'You already confirmed this email. Please log in.',
  resetInstructionsSent: 'Reset password instructions sent',
  resetInstructionsNotSent: 'Reset password instructions could not be sent',
  passwordChanged: 'Password changed',
  resetTokenExpired: 'Your reset token has expired',
  passwordNotChanged: 'Password could not be changed',
  surveyAlreadyStored: 'We have already stored your answers before',
  surveyNoNeed: 'No need to answer again',
  cantSetLastViewedAlert: "Can't set last viewed alert",
  profileNotUpdated: 'User profile cannot be updated',
  currentPasswordIncorrect: 'Current password is incorrect',
  invalidPassword: 'Invalid password',
  imageChanged: 'Image changed',
  imageNotChanged: 'Image cannot be changed',
} as const;

/** Constants of docs/product-contract.md#constants-and-limits. */
export const SIGN_UP_FAILURE_REDIRECT_MS = 3000;
export const ONBOARDING_COOKIE = 'onboarding';
export const ONBOARDING_PROCESSED = 'processed';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const RESET_TOKEN_TTL_HOURS = 6;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** POST /users — Devise-style body. */
export interface SignUpRequest {
  user: { email: string; password: string; passwordConfirmation?: string; name?: string; lastName?: string };
  anonymousId?: string;
}
/** 201: the new user; the browser is logged in (unconfirmed) and goes to /onboarding. */
export type SignUpResponse = { data: UserResource };
/** 422 with code `email_domain_not_permitted` and message AUTH_MESSAGES.emailDomainNotPermitted,
 *  422 `email_taken` ('Email has already been taken'), 422 `invalid` (validation text). */

/** POST /users/sign_in */
export interface SignInRequest {
  utf8: string;
  commit: string;
  user: { email: string; password: string; remember_me?: '0' | '1' };
}
/** 200 CurrentUserResponse; 401 code `invalid_credentials` 'Invalid Email or password.' */
export type SignInResponse = CurrentUserResponse;

/** DELETE /users/sign_out → 200 { redirectTo: '/users/sign_in' } */
export interface SignOutResponse {
  redirectTo: string;
}

/** POST /users/confirmation (resend). 200 always for unknown e-mails (no account enumeration);
 *  422 code `already_confirmed` when that e-mail is confirmed. */
export interface ResendConfirmationRequest {
  user: { email: string };
}
/** GET /users/confirmation?confirmation_token=… → 302 to `/users/sign_in?confirmed=1` (or `/` when
 *  logged in); invalid token → 302 to `/users/sign_in?confirmation=invalid`. */

/** POST /users/password (request reset). 200 always (no enumeration). */
export interface ResetRequest {
  user: { email: string };
}
/** PUT /users/password. 200 CurrentUserResponse (user logged in);
 *  422 code `token_expired` message 'Your reset token has expired'; 422 code `token_invalid`;
 *  422 code `invalid` for password rules. Mail link: `/users/password/edit?reset_password_token=…` */
export interface SetPasswordRequest {
  user: { reset_password_token: string; password: string; password_confirmation: string };
}

/** PUT /api/v1/users/survey. 200 { data: UserResource } (onboardingState processed) + cookie
 *  onboarding=processed; 409 code `already_answered` on a repeat. */
export interface SurveyRequest {
  survey: { answers: Record<string, string | string[]> };
}

export interface SetLastViewedAlertRequest {
  alertId: string;
}
export interface SetLastUsedAccountRequest {
  accountId: string;
}
export interface SetLastUsedWorkspaceRequest {
  workspaceId: string;
}
/** PUT reset_should_see_newsletter_popup: `subscribe` true when the user asked for the newsletter. */
export interface ResetNewsletterPopupRequest {
  subscribe?: boolean;
}

/** PUT /api/v1/users/update_profile. 422 code `current_password_incorrect`, field `currentPassword`,
 *  message 'Current password is incorrect' when email or password change without the right one. */
export interface UpdateProfileRequest {
  user: {
    name?: string;
    lastName?: string;
    email?: string;
    password?: string;
    passwordConfirmation?: string;
    currentPassword?: string;
  };
}

/** POST /api/v1/users/change_avatar multipart field `avatar`. 200 { data: UserResource };
 *  422 code `invalid_image` (type not png/jpeg/webp/gif by content) or `image_too_large` (> 2 MB). */

/**
 * Two-factor sign-in (plugins/two-factor): TOTP codes from an authenticator app, recovery codes
 * for a lost phone, and an account's rule that its members use it.
 */

export const TWO_FACTOR_PATHS = {
  /** GET: the user's own state; DELETE { code }: removes the authenticator app (and turns it off unless a passkey is left). */
  own: '/api/v1/users/two_factor',
  /** POST: a new secret (QR code) to scan; replaces one not yet confirmed. */
  setup: '/api/v1/users/two_factor/setup',
  /** POST { code }: the first code from the app turns it on; answers the recovery codes, once. */
  confirm: '/api/v1/users/two_factor/confirm',
  /** POST { code }: the second step of a log-in held back after the password (a TOTP or recovery code). */
  signIn: '/users/two_factor',
  /** POST: during a log-in held back because an account requires it, the secret to set up. */
  signInSetup: '/users/two_factor/setup',
  /** GET ?accountId, PUT { accountId, required }: whether the account requires it of its members. */
  policy: '/api/v1/two_factor/policy',
} as const;

/** The page of the log-in's second step. */
export const TWO_FACTOR_PAGE = '/users/two_factor';

/** Refusal codes of the log-in (auth's sign-in answers 401 with one of them, and no session). */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';
export const SECOND_FACTOR_SETUP_REQUIRED = 'second_factor_setup_required';

export const TWO_FACTOR_MESSAGES = {
  secondFactorRequired: 'Enter the code from your authenticator app.',
  setupRequired: 'An account you belong to requires two-factor sign-in: set it up to continue.',
  codeInvalid: 'The code is not valid.',
  noChallenge: 'Log in with your password first.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  noSetup: 'Start the set-up first.',
  requiredByAccount: 'An account you belong to requires two-factor sign-in.',
  adminNeedsIt: 'Turn on two-factor sign-in for yourself first.',
  enabled: 'Two-factor sign-in turned on',
  notTurnedOn: 'Two-factor sign-in could not be turned on',
  disabled: 'Two-factor sign-in turned off',
  notTurnedOff: 'Two-factor sign-in could not be turned off',
  policySaved: 'Two-factor rule saved',
  policyNotSaved: 'Two-factor rule could not be saved',
  notLoaded: 'Two-factor settings could not be loaded',
} as const;

export interface TwoFactorState {
  /** On: an authenticator app or at least one passkey. */
  enabled: boolean;
  /** An authenticator app (TOTP) is set up. */
  authenticatorApp: boolean;
  /** How many passkeys the user has registered (plugins/two-factor/common/passkeys-contract.ts). */
  passkeys: number;
  recoveryCodesLeft: number;
  /** An account of the user requires it (then it cannot be turned off). */
  required: boolean;
}

export interface TwoFactorSetup {
  secret: string;
  /** `otpauth://totp/…`, what the QR code holds. */
  otpauthUrl: string;
  /** The QR code as an SVG data URL. */
  qrCode: string;
}

export interface CodeRequest {
  code: string;
}

export interface SignInCompleted {
  signedIn: true;
  /** Only when the log-in set two-factor up (an account required it): shown once. */
  recoveryCodes?: string[];
}

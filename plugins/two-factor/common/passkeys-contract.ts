/**
 * Passkeys and security keys (WebAuthn) as a second factor, beside the authenticator app
 * (plugins/two-factor). The browser's side of a ceremony is `@simplewebauthn/browser`'s JSON:
 * options come from the server, the authenticator's answer goes back as it is.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

export const PASSKEY_PATHS = {
  /** GET: the user's passkeys; POST { name, response }: registers one (the answer to `registrationOptions`). */
  passkeys: '/api/v1/users/two_factor/passkeys',
  /** POST: options for `navigator.credentials.create()`, with a challenge kept on the server for a few minutes. */
  registrationOptions: '/api/v1/users/two_factor/passkeys/options',
  /** PATCH { name }: renames one; DELETE: removes it. */
  passkey: (id: string) => `/api/v1/users/two_factor/passkeys/${encodeURIComponent(id)}`,
  /** POST, during a held log-in: what the user can answer with, and a passkey challenge when they have one. */
  signInMethods: '/users/two_factor/methods',
  /** POST { response }, during a held log-in: the passkey's answer; makes the session. */
  signInPasskey: '/users/two_factor/passkey',
} as const;

export const PASSKEY_NAME_MAX_LENGTH = 60;

export const PASSKEY_MESSAGES = {
  passkeyRequired: 'Use your passkey, or a code, to finish logging in.',
  challengeInvalid: 'This passkey request has expired or was already used. Try again.',
  notVerified: 'The passkey could not be verified.',
  notYours: 'This passkey is not registered for your user.',
  alreadyRegistered: 'This passkey is already registered.',
  notFound: 'Passkey not found',
  nameBlank: 'Give the passkey a name.',
  requiredByAccount: 'An account you belong to requires two-factor sign-in: this is your last second factor.',
  cancelled: 'The passkey was not used.',
  added: 'Passkey added',
  notAdded: 'Passkey could not be added',
  renamed: 'Passkey renamed',
  notRenamed: 'Passkey could not be renamed',
  removed: 'Passkey removed',
  notRemoved: 'Passkey could not be removed',
  notLoaded: 'Passkeys could not be loaded',
  signInFailed: 'Passkey sign-in failed',
} as const;

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeyRegistered {
  passkey: Passkey;
  /** Only when this passkey turned two-factor sign-in on (no other factor before): shown once. */
  recoveryCodes?: string[];
}

/** The second step's choices for the held user. */
export interface SignInMethods {
  /** An authenticator app is set up: a code from it is asked for. */
  authenticatorApp: boolean;
  /** Options for `navigator.credentials.get()` when the user has a passkey, else null. */
  passkey: PublicKeyCredentialRequestOptionsJSON | null;
}

import type { Resource } from '../../../core/common/session-types';

/**
 * Single sign-on (docs/product-contract.md#roles, #calls, #messages, #constants-and-limits). An account connects its OpenID Connect identity
 * provider for its e-mail domains; a person typing an address of such a domain on the log-in page
 * is sent there (`POST /api/v1/sso/auth` answers the provider's `redirect_uri`) and comes back to
 * the callback, which checks state, nonce and PKCE and logs them in. "Sign in with Google" is one
 * more provider, configured by the server's environment.
 */
export const SSO_PATHS = {
  /** POST { email } -> RedirectResponse (the identity provider's authorization URL). docs/product-contract.md#calls. */
  auth: '/api/v1/sso/auth',
  /** POST { accountId } -> RedirectResponse (the account's SSO settings page). docs/product-contract.md#calls; admins only. */
  openAdminPortal: '/api/v1/sso/open_admin_portal',
  /** GET ?accountId -> SettingsResponse; PUT SaveSettingsRequest -> SettingsResponse; DELETE { accountId } -> SettingsResponse (not configured); admins only (ours). */
  settings: '/api/v1/sso/settings',
  /** GET ?state&code (the identity provider sends the browser here) -> 303 into the app (ours). */
  callback: '/api/v1/sso/callback',
  /** GET -> ProvidersResponse: what the log-in page offers (ours). */
  providers: '/api/v1/sso/providers',
  /** POST { intent } -> RedirectResponse (Google's authorization URL) (ours). */
  google: '/api/v1/sso/google',
  /** POST { accountId } -> ConnectionCheckResponse: does the saved issuer answer its discovery document? Admins only (ours). */
  checkConnection: '/api/v1/sso/settings/check',
  /** POST { accountId } -> DomainVerificationResponse: looks up each unverified domain's TXT records for the account's token. Admins only (ours). */
  verifyDomains: '/api/v1/sso/settings/verify_domains',
} as const;

/** The settings page the admin portal opens (with `?accountId=`, which selects the account). */
export const SSO_SETTINGS_PAGE = '/account/sso';

/** docs/product-contract.md#constants-and-limits: set by the callback of a Google sign-in, 'true' or 'false', readable by the page. */
export const GOOGLE_SIGNUP_COOKIE = 'google_signup';
export const GOOGLE_LOGIN_COOKIE = 'google_login';

/** docs/product-contract.md#messages, verbatim; the rest are ours. */
export const SSO_MESSAGES = {
  cantOpenAdminPortal: "Can't open the SSO admin portal",
  // Not in the spec (ours).
  settingsNotLoaded: 'SSO settings could not be loaded',
  settingsSaved: 'SSO settings saved',
  settingsNotSaved: 'SSO settings could not be saved',
  removed: 'Single sign-on removed',
  notRemoved: 'Single sign-on could not be removed',
  checkFailed: 'The connection could not be checked',
  verifyFailed: 'The domains could not be checked',
} as const;

/** What the server says (not in the spec). */
export const SSO_SERVER_MESSAGES = {
  unknownDomain: 'Single sign-on is not set up for this e-mail domain',
  invalidEmail: 'Enter a valid e-mail address',
  ssoRequired: 'Your organisation requires single sign-on for this e-mail domain: use "Sign in with SSO"',
  stateInvalid: 'This sign-in was not started in this browser, has expired or was already used: sign in again',
  providerRefused: 'The identity provider did not sign you in',
  tokenRejected: 'The identity provider\u2019s answer could not be verified: sign in again',
  providerUnreachable:
    'The identity provider could not be reached: try again later or ask your admin to check the SSO settings',
  emailMissing: 'The identity provider did not give a verified e-mail address',
  emailOutsideDomains: 'The identity provider signed you in with an address outside the domains of this single sign-on',
  existingUser:
    'An account with this address already exists: log in with your password, or ask your admin to add you to the organisation first',
  noSeatLeft:
    'Your organisation\u2019s plan has no seat left for you: ask an admin of the account to free one or to upgrade the plan',
  googleUnavailable: 'Sign in with Google is not set up on this server',
  domainTaken: 'This domain already uses single sign-on in another account',
  domainInvalid: 'Enter domains such as example.com, one per line',
  issuerInvalid: 'Enter the issuer as an https address',
  secretNeeded: 'Enter the client secret',
  notConfigured: 'Single sign-on is not set up for this account',
  connectionOk: 'The identity provider answered: people of these domains can sign in',
  domainVerified: 'Verified: sign-ins of this domain go to your identity provider',
  domainRecordMissing:
    'No TXT record with this account\u2019s value was found yet (DNS changes can take a while to show)',
  domainLookupFailed: 'The domain\u2019s DNS could not be read',
  domainVerifiedElsewhere: 'Another account has verified this domain',
  issuerUnreadable:
    'The issuer\u2019s OpenID configuration could not be read: check the issuer address (it must answer /.well-known/openid-configuration and name itself exactly so)',
} as const;

/** The callback's outcome on the log-in page (`?sso_error=`), in the page's words. */
export const SSO_CALLBACK_ERRORS = {
  state: SSO_SERVER_MESSAGES.stateInvalid,
  refused: SSO_SERVER_MESSAGES.providerRefused,
  token: SSO_SERVER_MESSAGES.tokenRejected,
  unreachable: SSO_SERVER_MESSAGES.providerUnreachable,
  email: SSO_SERVER_MESSAGES.emailMissing,
  domain: SSO_SERVER_MESSAGES.emailOutsideDomains,
  required: SSO_SERVER_MESSAGES.ssoRequired,
  existing: SSO_SERVER_MESSAGES.existingUser,
  seats: SSO_SERVER_MESSAGES.noSeatLeft,
} as const;
export type SsoCallbackError = keyof typeof SSO_CALLBACK_ERRORS;

export type SsoDefaultRole = 'admin' | 'member';

export interface SsoSettingsAttributes {
  accountId: string;
  /** False until an admin saves a configuration. */
  configured: boolean;
  issuer: string;
  clientId: string;
  /** Never the secret itself: whether one is stored. */
  hasClientSecret: boolean;
  domains: string[];
  /**
   * Each domain and whether the account proved it controls it: only verified domains send their
   * people to this provider, are vouched for by it and may require SSO.
   */
  domainStatus: SsoDomainStatus[];
  /** The TXT record that proves a domain is this account's: add it to the domain's DNS, then verify. */
  verificationRecord: string;
  defaultRole: SsoDefaultRole;
  /** Password log-in is refused for these domains (verified ones). */
  requireSso: boolean;
  /** Where the identity provider must send people back (to register at the provider). */
  redirectUri: string;
}
export type SsoSettingsResource = Resource<'ssoSettings', SsoSettingsAttributes>;

export interface SettingsResponse {
  data: SsoSettingsResource;
}

export interface SaveSettingsRequest {
  accountId: string;
  issuer: string;
  clientId: string;
  /** Empty or absent: keep the stored one. */
  clientSecret?: string;
  domains: string[];
  defaultRole: SsoDefaultRole;
  requireSso: boolean;
}

export interface SsoAuthRequest {
  email: string;
}
export interface OpenAdminPortalRequest {
  accountId: string;
}
export interface GoogleAuthRequest {
  intent: 'login' | 'signup';
}
export interface RedirectResponse {
  redirect_uri: string;
}
export interface ProvidersResponse {
  data: { google: boolean };
}

export interface SsoDomainStatus {
  domain: string;
  verified: boolean;
}

/** What looking up each unverified domain found (verified ones are listed as they are). */
export interface DomainVerificationResponse {
  data: { domains: (SsoDomainStatus & { message: string })[] };
}

/** The prefix of the TXT value: `polycue-verification=<the account's token>`. */
export const VERIFICATION_RECORD_PREFIX = 'polycue-verification=';

/** The saved connection tried: the issuer's discovery document read (ok) or why not (message). */
export interface ConnectionCheckResponse {
  data: { ok: boolean; message: string };
}

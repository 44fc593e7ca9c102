import type { AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What two-factor sign-in holds: a person's secret, recovery codes and pending challenges; an
 * account's rule. Declared for exports and erasures (server/plugin-api/account-data.ts).
 */
export const TWO_FACTOR_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    two_factor_credentials: { ofUser: 'user_id = $1', secretColumns: ['secret'] },
    two_factor_recovery_codes: { ofUser: 'user_id = $1', secretColumns: ['code_hash'] },
    two_factor_challenges: { ofUser: 'user_id = $1', secretColumns: ['session_id_hash', 'secret'] },
    two_factor_policies: { ofAccount: 'account_id = $1' },
    // A passkey's public key is no secret (the private one never leaves the authenticator); its
    // challenge is a one-time value bound to a session, like the TOTP challenges above.
    two_factor_passkeys: { ofUser: 'user_id = $1' },
    two_factor_webauthn_challenges: { ofUser: 'user_id = $1', secretColumns: ['challenge', 'session_id_hash'] },
  },
};

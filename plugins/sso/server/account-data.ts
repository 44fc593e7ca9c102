import type { AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What single sign-on holds: an account's connection and domains, a person's identities at
 * providers, pending log-ins. Declared for exports and erasures (server/plugin-api/account-
 * data.ts).
 */
export const SSO_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    sso_connections: { ofAccount: 'account_id = $1', secretColumns: ['client_secret', 'verification_token'] },
    sso_domains: { ofAccount: 'account_id = $1' },
    sso_identities: { ofUser: 'user_id = $1' },
    sso_login_states: {
      ofAccount: 'account_id = $1',
      secretColumns: ['state_hash', 'session_id', 'code_verifier', 'nonce'],
    },
  },
};

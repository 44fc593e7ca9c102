import * as oidc from 'openid-client';
import { AddressAllowance, pinnedFetch, resolvePublic } from '../../../server/plugin-api';

/** An OpenID Connect client as configured by an account (or the environment, for Google). */
export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Why a sign-in at the provider failed, in the words of the callback's outcome. */
export class ProviderError extends Error {
  constructor(
    readonly reason: 'refused' | 'token' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  name: string;
  lastName: string;
}

const DISCOVERY_TTL_MS = 10 * 60_000;

/**
 * openid-client v6 over outside addresses an admin typed: every request of the client (discovery,
 * token, keys, user info) is checked first like a link import (public addresses only, or the
 * configured test ranges), and sent to the addresses checked, so an issuer cannot be aimed at the
 * server's own network, not even by a name that answers differently a moment later. Plain http is
 * accepted only for allowed (test) addresses. Discovery is cached for ten minutes per client.
 */
export class IdentityProviders {
  private readonly discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  constructor(private readonly allow: AddressAllowance | undefined) {}

  private readonly guardedFetch: oidc.CustomFetch = async (url, options) => {
    const target = await resolvePublic(url, { allow: this.allow });
    if (target.url.protocol === 'http:' && !target.addresses.every((a) => this.allow?.permits(a.address))) {
      throw new ProviderError('unreachable', 'The identity provider must be reached over https');
    }
    // To the addresses just checked (a second DNS answer cannot send it elsewhere); no redirects followed.
    return pinnedFetch(target, {
      method: options.method,
      headers: options.headers,
      body: options.body as string | Uint8Array | URLSearchParams | null,
      signal: options.signal,
    });
  };

  private configuration(client: ProviderClient): Promise<oidc.Configuration> {
    const key = JSON.stringify([client.issuer, client.clientId, client.clientSecret]);
    const cached = this.discovered.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = oidc
      .discovery(
        new URL(client.issuer),
        client.clientId,
        client.clientSecret,
        oidc.ClientSecretPost(client.clientSecret),
        {
          [oidc.customFetch]: this.guardedFetch,
          execute: client.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        this.discovered.delete(key);
        throw new ProviderError('unreachable', `Discovery of ${client.issuer} failed: ${(error as Error).message}`);
      });
    this.discovered.set(key, { at: Date.now(), config });
    return config;
  }

  /** Reads the issuer's discovery document (through the same guard); throws a ProviderError saying why not. */
  async check(client: ProviderClient): Promise<void> {
    await this.configuration(client);
  }

  /** The provider's authorization URL with state, nonce and an S256 PKCE challenge. */
  async authorizationUrl(
    client: ProviderClient,
    input: { redirectUri: string; state: string; nonce: string; codeChallenge: string; loginHint?: string },
  ): Promise<string> {
    const config = await this.configuration(client);
    const parameters: Record<string, string> = {
      redirect_uri: input.redirectUri,
      scope: 'openid email profile',
      state: input.state,
      nonce: input.nonce,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    };
    if (input.loginHint) parameters.login_hint = input.loginHint;
    return oidc.buildAuthorizationUrl(config, parameters).href;
  }

  /**
   * The callback's URL checked (state, issuer), the code exchanged with the PKCE verifier, the ID
   * token verified (signature, audience, expiry, nonce), then the user's claims (user info when
   * the ID token carries no e-mail).
   */
  async verifyCallback(
    client: ProviderClient,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VerifiedIdentity> {
    const config = await this.configuration(client);
    let tokens;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      const code = (error as { error?: string }).error;
      if (
        code === 'access_denied' ||
        code === 'login_required' ||
        code === 'consent_required' ||
        code === 'interaction_required'
      ) {
        throw new ProviderError('refused', `The provider answered ${code}`);
      }
      throw new ProviderError('token', (error as Error).message);
    }
    const claims = tokens.claims();
    if (!claims) throw new ProviderError('token', 'No ID token');
    let info: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string') {
      try {
        info = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      } catch (error) {
        throw new ProviderError('token', `User info: ${(error as Error).message}`);
      }
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof info.email === 'string' ? info.email.trim().toLowerCase() : null,
      emailVerified: typeof info.email_verified === 'boolean' ? info.email_verified : null,
      name: typeof info.given_name === 'string' ? info.given_name : typeof info.name === 'string' ? info.name : '',
      lastName: typeof info.family_name === 'string' ? info.family_name : '',
    };
  }
}

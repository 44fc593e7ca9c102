import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../../../server/plugin-api';
import {
  GOOGLE_LOGIN_COOKIE,
  GOOGLE_SIGNUP_COOKIE,
  SSO_CALLBACK_ERRORS,
  SSO_PATHS,
  SSO_SERVER_MESSAGES as MESSAGES,
  type ProvidersResponse,
  type RedirectResponse,
  type SsoAuthRequest,
  type SsoCallbackError,
} from '../common/sso-contract';
import { googleClientFromEnv } from './google-provider';
import { ProviderError, type IdentityProviders, type ProviderClient } from './identity-provider';
import type { LoginStates } from './login-states';
import { emailDomain, ssoRequiredFor } from './sso-policy';
import type { SsoRepository } from './sso-repository';
import { SignInRefused, type SsoSignIn } from './sso-sign-in';

export interface SignInDeps {
  connections: SsoRepository;
  states: LoginStates;
  providers: IdentityProviders;
  signIn: SsoSignIn;
}

const redirectResponse = {
  200: { type: 'object', required: ['redirect_uri'], properties: { redirect_uri: { type: 'string' } } },
} as const;
// A state or code is opaque text from a provider; bounded, nothing more.
const opaque = { type: 'string', maxLength: 4000 } as const;
const callbackQuery = {
  type: 'object',
  properties: {
    state: opaque,
    code: opaque,
    error: opaque,
    error_description: opaque,
    iss: opaque,
    scope: opaque,
    session_state: opaque,
    authuser: opaque,
    prompt: opaque,
    hd: opaque,
  },
} as const;

/** Status of each refusal at the callback: a clear 4xx (a provider that cannot be reached is a 502). */
const CALLBACK_STATUS: Record<SsoCallbackError, number> = {
  state: 401,
  refused: 401,
  token: 401,
  email: 401,
  domain: 403,
  required: 403,
  existing: 409,
  seats: 402,
  unreachable: 502,
};

const LOG_IN_PAGE = '/users/sign_in';

/**
 * docs/product-contract.md#calls `POST /api/v1/sso/auth` (the account's identity provider for the e-mail's domain)
 * and ours: "Sign in with Google", what the log-in page offers, and the callback both providers
 * send the browser back to.
 */
export function registerSignInRoutes(app: FastifyInstance, deps: SignInDeps): void {
  const { connections, states, providers, signIn } = deps;
  const callbackUrl = `${app.config.publicUrl}${SSO_PATHS.callback}`;
  const secure = app.config.publicUrl.startsWith('https:');

  async function redirectTo(
    request: FastifyRequest,
    reply: FastifyReply,
    client: ProviderClient,
    start: { provider: 'account' | 'google'; accountId: string | null; loginHint?: string },
  ): Promise<RedirectResponse> {
    const session = await app.ensureSession(request, reply);
    const issued = await states.issue({ sessionId: session.id, provider: start.provider, accountId: start.accountId });
    try {
      const url = await providers.authorizationUrl(client, {
        redirectUri: callbackUrl,
        ...issued,
        loginHint: start.loginHint,
      });
      return { redirect_uri: url };
    } catch (error) {
      if (error instanceof ProviderError) {
        request.log.warn({ err: error }, 'identity provider unreachable');
        throw httpError(502, 'sso_provider_unreachable', MESSAGES.providerUnreachable);
      }
      throw error;
    }
  }

  app.post<{ Body: SsoAuthRequest }>(
    SSO_PATHS.auth,
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        summary: 'Sign in with single sign-on: where to send the browser for an e-mail',
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: { email: { type: 'string', maxLength: 320 } },
        },
        response: redirectResponse,
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const domain = emailDomain(email);
      if (!domain) throw httpError(422, 'invalid', MESSAGES.invalidEmail, 'email');
      const connection = await connections.findByDomain(domain);
      if (!connection) throw httpError(404, 'sso_unknown_domain', MESSAGES.unknownDomain, 'email');
      return redirectTo(request, reply, connection, {
        provider: 'account',
        accountId: connection.accountId,
        loginHint: email,
      });
    },
  );

  app.post(
    SSO_PATHS.google,
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        summary: 'Sign in with Google: where to send the browser',
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: redirectResponse,
      },
    },
    async (request, reply) => {
      const google = googleClientFromEnv();
      if (!google) throw httpError(404, 'google_unavailable', MESSAGES.googleUnavailable);
      return redirectTo(request, reply, google, { provider: 'google', accountId: null });
    },
  );

  app.get(
    SSO_PATHS.providers,
    {
      config: { access: 'public' },
      schema: {
        summary: 'The sign-in providers this installation offers',
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'object', properties: { google: { type: 'boolean' } } } },
          },
        },
      },
    },
    async (): Promise<ProvidersResponse> => ({ data: { google: googleClientFromEnv() !== null } }),
  );

  /** A browser (which navigated here) goes back to the log-in page with the reason; an API client gets the 4xx. */
  function refuse(request: FastifyRequest, reply: FastifyReply, reason: SsoCallbackError) {
    if (String(request.headers.accept ?? '').includes('text/html'))
      return reply.redirect(`${LOG_IN_PAGE}?sso_error=${reason}`, 303);
    throw httpError(CALLBACK_STATUS[reason], `sso_${reason}`, SSO_CALLBACK_ERRORS[reason]);
  }

  app.get<{ Querystring: { state?: string; code?: string } }>(
    SSO_PATHS.callback,
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        summary: 'Where the identity provider sends the browser back (signs in, then redirects)',
        querystring: callbackQuery,
      },
    },
    async (request, reply) => {
      const state = request.query.state;
      const claimed = state && request.session ? await states.claim(state, request.session.id) : null;
      if (!state || !claimed) return refuse(request, reply, 'state');
      const connection =
        claimed.provider === 'account' && claimed.accountId ? await connections.findByAccount(claimed.accountId) : null;
      const client = claimed.provider === 'google' ? googleClientFromEnv() : connection;
      if (!client) return refuse(request, reply, 'state');
      try {
        // The registered redirect URI with the provider's answer (openid-client sends it to the token endpoint as redirect_uri).
        const current = new URL(callbackUrl);
        current.search = new URL(request.url, 'http://callback.invalid').search;
        const identity = await providers.verifyCallback(client, current, {
          state,
          nonce: claimed.nonce,
          codeVerifier: claimed.codeVerifier,
        });
        const email = identity.email;
        // Google must say the address is verified; an organisation's provider speaks for its own domains unless it says otherwise.
        if (
          !email ||
          identity.emailVerified === false ||
          (claimed.provider === 'google' && identity.emailVerified !== true)
        )
          return refuse(request, reply, 'email');
        if (connection && !connection.verifiedDomains.includes(emailDomain(email) ?? ''))
          return refuse(request, reply, 'domain');
        if (!connection && (await ssoRequiredFor(app.db, email))) return refuse(request, reply, 'required');
        const signedIn = await signIn.resolve(
          { ...identity, email },
          connection ? { accountId: connection.accountId, defaultRole: connection.defaultRole } : null,
        );
        await app.replaceSession(request, reply, signedIn.userId);
        if (claimed.provider === 'google') {
          // docs/product-contract.md#constants-and-limits: which of the two a Google sign-in was, for the page (not httpOnly).
          const cookie = { path: '/', sameSite: 'lax', secure, httpOnly: false, maxAge: 60 * 60 } as const;
          reply.setCookie(GOOGLE_SIGNUP_COOKIE, String(signedIn.created), cookie);
          reply.setCookie(GOOGLE_LOGIN_COOKIE, String(!signedIn.created), cookie);
        }
        return reply.redirect('/', 303);
      } catch (error) {
        if (error instanceof ProviderError) {
          request.log.warn({ err: error }, 'single sign-on refused at the callback');
          return refuse(request, reply, error.reason);
        }
        if (error instanceof SignInRefused) return refuse(request, reply, error.reason);
        throw error;
      }
    },
  );
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider 8) on loopback, for single sign-on tests: its own
 * development log-in page (any login, any password: the login is the account id, the e-mail by
 * default), authorization code with PKCE required, ID tokens signed with its generated keys,
 * user info. Consent is granted by itself, so a sign-in is: authorization URL -> log-in form ->
 * back to the client's redirect URI with `code`, `state` and `iss`.
 *
 *   const idp = await startOidcTestProvider({ clients: [{ client_id, client_secret, redirect_uris: [callback] }] });
 *   idp.issuer                      // http://127.0.0.1:<port>
 *   idp.claims.set('x@acme.test', { email: 'other@elsewhere.test' })   // what an account's claims say
 *   const callback = await idp.signIn(authorizationUrl, 'x@acme.test') // the redirect back, as a URL
 */
export interface OidcTestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcTestProvider {
  issuer: string;
  /** Overrides of an account's claims, by login (default: email = login, verified, names from the login). */
  claims: Map<string, Record<string, unknown>>;
  /** Drives the log-in page as a browser would; answers where the provider sends the browser back. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export interface OidcTestProviderOptions {
  clients: OidcTestClient[];
  /** Seconds an authorization code lives (the provider's default: 60). */
  codeTtlSeconds?: number;
  /** Seconds an ID token lives; negative: it has expired when issued (a provider whose clock is far ahead). */
  idTokenTtlSeconds?: number;
  host?: string;
}

function defaultClaims(login: string): Record<string, unknown> {
  const local = login.split('@')[0] ?? login;
  return {
    email: login,
    email_verified: true,
    given_name: local.charAt(0).toUpperCase() + local.slice(1),
    family_name: 'Tester',
  };
}

export async function startOidcTestProvider(options: OidcTestProviderOptions): Promise<OidcTestProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const claims = new Map<string, Record<string, unknown>>();

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      ...client,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    // Every lifetime named (the provider prints a notice for each one left to its default).
    ttl: {
      AuthorizationCode: options.codeTtlSeconds ?? 60,
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      // A function: the provider checks only that a number is positive, so a past expiry can be given this way.
      IdToken: () => options.idTokenTtlSeconds ?? 600,
    },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, ...defaultClaims(id), ...claims.get(id) }) };
    },
    // First-party test clients: consent is implied, so the only page is the log-in form.
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session!;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'given_name', 'family_name', 'name']);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  handler = provider.callback();

  return {
    issuer,
    claims,
    async signIn(authorizationUrl, login) {
      const jar = new Map<string, string>();
      const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const keep = (res: Response) => {
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair.indexOf('=');
          jar.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
      };
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (url.origin !== issuer) return url;
        let res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
        keep(res);
        if (res.status === 200 && /name="prompt" value="login"/.test(await res.text())) {
          res = await fetch(url, {
            method: 'POST',
            redirect: 'manual',
            headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ prompt: 'login', login, password: 'any' }),
          });
          keep(res);
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`The test provider stopped at ${url.pathname} with ${res.status}`);
        url = new URL(location, url);
      }
      throw new Error('Too many redirects at the test provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

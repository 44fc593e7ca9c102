import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SSO_CALLBACK_ERRORS, SSO_PATHS, SSO_SERVER_MESSAGES } from '../../plugins/sso/common/sso-contract';
import { startOidcTestProvider, type OidcTestProvider } from '../support/oidc-test-provider';
import { startTestDnsServer } from '../support/test-dns-server';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { addToAccount, type Person } from './accounts-fixtures';
import { confirmedUser, PASSWORD, signIn } from './auth-test-helpers';

const pathOf = (url: URL) => url.pathname + url.search;

/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider 8 on loopback): an account
 * admin saves the connection, a person of its domain signs in through the provider's log-in page
 * and comes back logged in, created and joined on the first time; each broken step is refused
 * with a 4xx and the sentence people read. Also "Sign in with Google" configured by environment.
 */

const CALLBACK = 'http://localhost:3000/api/v1/sso/callback';
const GOOGLE_ENV = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_ISSUER'] as const;
let idp: OidcTestProvider;
let slowIdp: OidcTestProvider;
let staleIdp: OidcTestProvider;
/** The DNS the app asks for domains' TXT records (DNS_SERVERS): connect() puts each account's record there. */
const dns = await startTestDnsServer();

beforeAll(async () => {
  const clients = [
    { client_id: 'polycue', client_secret: 'polycue-secret', redirect_uris: [CALLBACK] },
    { client_id: 'google-polycue', client_secret: 'google-secret', redirect_uris: [CALLBACK] },
  ];
  idp = await startOidcTestProvider({ clients });
  // Codes that expire after a second: an answer brought back late.
  slowIdp = await startOidcTestProvider({ clients, codeTtlSeconds: 1 });
  // ID tokens that expired five minutes before they were issued (beyond any clock tolerance).
  staleIdp = await startOidcTestProvider({ clients, idTokenTtlSeconds: -300 });
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: 'google-polycue',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER: idp.issuer,
  });
});

afterAll(async () => {
  for (const name of GOOGLE_ENV) delete process.env[name];
  await idp?.close();
  await slowIdp?.close();
  await staleIdp?.close();
  await dns.close();
});

const newDomain = () => `acme-${randomBytes(4).toString('hex')}.test`;

async function connect(
  admin: Person,
  settings: { domain: string; issuer?: string; requireSso?: boolean; defaultRole?: 'admin' | 'member' },
) {
  const res = await admin.client.put(SSO_PATHS.settings, {
    accountId: admin.accountId,
    issuer: settings.issuer ?? idp.issuer,
    clientId: 'polycue',
    clientSecret: 'polycue-secret',
    domains: [settings.domain],
    defaultRole: settings.defaultRole ?? 'member',
    requireSso: settings.requireSso ?? false,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The account proves the domain is its own: its TXT record, then "Verify domains".
  dns.txt(settings.domain, [res.body.data.attributes.verificationRecord]);
  const verified = await admin.client.post(SSO_PATHS.verifyDomains, { accountId: admin.accountId });
  expect(verified.body.data.domains).toContainEqual({
    domain: settings.domain,
    verified: true,
    message: SSO_SERVER_MESSAGES.domainVerified,
  });
  return res;
}

/** POST /api/v1/sso/auth, the provider's log-in page, and the callback URL it sends the browser back to (path and query). */
async function throughProvider(browser: TestClient, email: string, provider = idp): Promise<string> {
  const start = await browser.post(SSO_PATHS.auth, { email });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const back = await provider.signIn(start.body.redirect_uri, email);
  expect(back.origin + back.pathname).toBe(CALLBACK);
  return back.pathname + back.search;
}

async function me(browser: TestClient) {
  const res = await browser.get('/api/v1/users/');
  expect(res.status).toBe(200);
  return res.body;
}

const roleIn = async (ctx: TestAppContext, accountId: string, email: string) =>
  (
    await ctx.db.query<{ role: string }>(
      'SELECT au.role FROM account_users au JOIN users u ON u.id = au.user_id WHERE au.account_id = $1 AND u.email = $2',
      [accountId, email],
    )
  ).rows.map((r) => r.role);

describeOnBothDatabases(
  'single sign-on (OpenID Connect, oidc-provider on loopback)',
  { config: { linkImportAllowCidrs: ['127.0.0.0/8'], dnsServers: [dns.address] } },
  (ctx) => {
    it('admins read, save and remove the settings (the secret never comes back) and open the admin portal; members are refused, strangers see nothing', async () => {
      const admin = await confirmedUser(ctx);
      const member = await confirmedUser(ctx);
      await addToAccount(admin, member);
      const stranger = await confirmedUser(ctx);

      const empty = await admin.client.get(`${SSO_PATHS.settings}?accountId=${admin.accountId}`);
      expect(empty.body.data.attributes).toMatchObject({
        configured: false,
        hasClientSecret: false,
        domains: [],
        redirectUri: CALLBACK,
      });
      const domain = newDomain();
      const saved = await connect(admin, { domain });
      expect(saved.body.data.attributes).toMatchObject({
        configured: true,
        issuer: idp.issuer,
        clientId: 'polycue',
        hasClientSecret: true,
        domains: [domain],
      });
      expect(JSON.stringify(saved.body)).not.toContain('polycue-secret');
      // Saving again without a secret keeps the stored one.
      const again = await admin.client.put(SSO_PATHS.settings, {
        accountId: admin.accountId,
        issuer: idp.issuer,
        clientId: 'polycue',
        domains: [`@${domain.toUpperCase()}`],
        defaultRole: 'admin',
        requireSso: false,
      });
      expect(again.body.data.attributes).toMatchObject({
        hasClientSecret: true,
        domains: [domain],
        defaultRole: 'admin',
      });

      // "Test connection": the saved issuer answers its discovery document; a wrong one is said, the settings kept.
      const check = () => admin.client.post(SSO_PATHS.checkConnection, { accountId: admin.accountId });
      expect((await check()).body).toEqual({ data: { ok: true, message: SSO_SERVER_MESSAGES.connectionOk } });
      await ctx.db.query('UPDATE sso_connections SET issuer = $2 WHERE account_id = $1', [
        admin.accountId,
        `${idp.issuer}/tenant-that-is-not-there`,
      ]);
      const wrong = await check();
      expect(wrong.status).toBe(200);
      expect(wrong.body.data.ok).toBe(false);
      expect(wrong.body.data.message).toContain(SSO_SERVER_MESSAGES.issuerUnreadable);
      await ctx.db.query('UPDATE sso_connections SET issuer = $2 WHERE account_id = $1', [admin.accountId, idp.issuer]);

      const bad = await admin.client.put(SSO_PATHS.settings, {
        accountId: admin.accountId,
        issuer: 'ftp://idp',
        clientId: 'x',
        domains: [domain],
        defaultRole: 'member',
        requireSso: false,
      });
      expect([bad.status, bad.body.message, bad.body.field]).toEqual([
        422,
        SSO_SERVER_MESSAGES.issuerInvalid,
        'issuer',
      ]);
      const notDomain = await admin.client.put(SSO_PATHS.settings, {
        accountId: admin.accountId,
        issuer: idp.issuer,
        clientId: 'x',
        domains: ['not a domain'],
        defaultRole: 'member',
        requireSso: false,
      });
      expect([notDomain.status, notDomain.body.message]).toEqual([422, SSO_SERVER_MESSAGES.domainInvalid]);
      // A domain one account uses cannot be claimed by another.
      const taken = await stranger.client.put(SSO_PATHS.settings, {
        accountId: stranger.accountId,
        issuer: idp.issuer,
        clientId: 'x',
        clientSecret: 's',
        domains: [domain],
        defaultRole: 'member',
        requireSso: false,
      });
      expect([taken.status, taken.body.message]).toEqual([409, SSO_SERVER_MESSAGES.domainTaken]);

      const portal = await admin.client.post(SSO_PATHS.openAdminPortal, { accountId: admin.accountId });
      expect(portal.body).toEqual({ redirect_uri: `http://localhost:3000/account/sso?accountId=${admin.accountId}` });
      expect((await member.client.post(SSO_PATHS.openAdminPortal, { accountId: admin.accountId })).status).toBe(403);
      expect((await member.client.get(`${SSO_PATHS.settings}?accountId=${admin.accountId}`)).status).toBe(403);
      expect((await member.client.post(SSO_PATHS.checkConnection, { accountId: admin.accountId })).status).toBe(403);
      expect((await stranger.client.post(SSO_PATHS.checkConnection, { accountId: admin.accountId })).status).toBe(404);
      expect((await stranger.client.post(SSO_PATHS.openAdminPortal, { accountId: admin.accountId })).status).toBe(404);
      expect((await stranger.client.get(`${SSO_PATHS.settings}?accountId=${admin.accountId}`)).status).toBe(404);

      // Turned off by an admin only: the domain no longer leads to the provider.
      expect((await member.client.delete(SSO_PATHS.settings, { accountId: admin.accountId })).status).toBe(403);
      expect((await ctx.client().post(SSO_PATHS.auth, { email: `ann@${domain}` })).status).toBe(200);
      const removed = await admin.client.delete(SSO_PATHS.settings, { accountId: admin.accountId });
      expect(removed.body.data.attributes).toMatchObject({ configured: false, domains: [], hasClientSecret: false });
      expect((await ctx.client().post(SSO_PATHS.auth, { email: `ann@${domain}` })).status).toBe(404);
    });

    it('a domain sends its people to the provider only once the account proved it with a TXT record; until then password log-in stays', async () => {
      const admin = await confirmedUser(ctx);
      const rival = await confirmedUser(ctx);
      const domain = newDomain();
      const email = `ivy@${domain}`;
      const save = (person: Person, requireSso = false) =>
        person.client.put(SSO_PATHS.settings, {
          accountId: person.accountId,
          issuer: idp.issuer,
          clientId: 'polycue',
          clientSecret: 'polycue-secret',
          domains: [domain],
          defaultRole: 'member',
          requireSso,
        });
      const verify = async (person: Person) =>
        (await person.client.post(SSO_PATHS.verifyDomains, { accountId: person.accountId })).body.data.domains;
      const saved = await save(admin, true);
      const record = saved.body.data.attributes.verificationRecord;
      expect(record).toMatch(/^polycue-verification=[0-9a-f]{32}$/);
      expect(saved.body.data.attributes.domainStatus).toEqual([{ domain, verified: false }]);
      // Claimed, not proved: nobody is sent anywhere, and "require SSO" does not lock anyone out yet.
      const start = await ctx.client().post(SSO_PATHS.auth, { email });
      expect([start.status, start.body.message]).toEqual([404, SSO_SERVER_MESSAGES.unknownDomain]);
      const existing = await confirmedUser(ctx);
      await ctx.db.query('UPDATE users SET email = $2 WHERE id = $1', [existing.userId, email]);
      await addToAccount(admin, { ...existing, email });
      expect((await signIn(ctx.client(), email, PASSWORD)).status).toBe(200);
      // Another account may claim it too while nobody has proved it.
      const rivalSaved = await save(rival);
      expect(rivalSaved.status).toBe(200);
      expect(rivalSaved.body.data.attributes.verificationRecord).not.toBe(record);

      // No record yet; then the rival's record (not this account's value); then this account's.
      expect(await verify(admin)).toEqual([
        { domain, verified: false, message: SSO_SERVER_MESSAGES.domainRecordMissing },
      ]);
      dns.txt(domain, ['v=spf1 -all', rivalSaved.body.data.attributes.verificationRecord]);
      expect(await verify(admin)).toEqual([
        { domain, verified: false, message: SSO_SERVER_MESSAGES.domainRecordMissing },
      ]);
      dns.txt(domain, ['v=spf1 -all', rivalSaved.body.data.attributes.verificationRecord, record]);
      expect(await verify(admin)).toEqual([{ domain, verified: true, message: SSO_SERVER_MESSAGES.domainVerified }]);
      // Proved by one account, the domain is that account's: the other cannot verify it or save it again.
      expect(await verify(rival)).toEqual([
        { domain, verified: false, message: SSO_SERVER_MESSAGES.domainVerifiedElsewhere },
      ]);
      expect((await save(rival)).status).toBe(409);
      const status = await admin.client.get(`${SSO_PATHS.settings}?accountId=${admin.accountId}`);
      expect(status.body.data.attributes.domainStatus).toEqual([{ domain, verified: true }]);
      expect((await ctx.client().post(SSO_PATHS.auth, { email })).status).toBe(200);
      const refused = await signIn(ctx.client(), email, PASSWORD);
      expect([refused.status, refused.body.message]).toEqual([403, SSO_SERVER_MESSAGES.ssoRequired]);
      // Saving the settings again keeps the proof; members and strangers cannot ask.
      expect((await save(admin, true)).body.data.attributes.domainStatus).toEqual([{ domain, verified: true }]);
      expect((await ctx.client().post(SSO_PATHS.verifyDomains, { accountId: admin.accountId })).status).toBe(401);
      expect((await rival.client.post(SSO_PATHS.verifyDomains, { accountId: admin.accountId })).status).toBe(404);
    });

    it('the first sign-in creates the user and joins them with the default role; the second logs the same user in', async () => {
      const admin = await confirmedUser(ctx);
      const domain = newDomain();
      await connect(admin, { domain });
      const email = `ann@${domain}`;

      const browser = ctx.client();
      const start = await browser.post(SSO_PATHS.auth, { email: ` Ann@${domain.toUpperCase()} ` });
      const authorization = new URL(start.body.redirect_uri);
      expect(authorization.origin).toBe(idp.issuer);
      expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
        client_id: 'polycue',
        redirect_uri: CALLBACK,
        response_type: 'code',
        code_challenge_method: 'S256',
        login_hint: email,
      });
      expect(authorization.searchParams.get('state')).toBeTruthy();
      expect(authorization.searchParams.get('nonce')).toBeTruthy();
      const back = await idp.signIn(start.body.redirect_uri, email);
      const landed = await browser.get(back.pathname + back.search);
      expect([landed.status, landed.headers.location]).toEqual([303, '/']);
      const first = await me(browser);
      expect(first.data.attributes).toMatchObject({ email, name: 'Ann', lastName: 'Tester', confirmedEmail: true });
      expect(await roleIn(ctx, admin.accountId, email)).toEqual(['member']);
      // The organisation's account and the user's own, as sign-up makes it.
      expect(first.included.map((a: any) => a.id)).toContain(admin.accountId);

      const later = ctx.client();
      await later.get(await throughProvider(later, email));
      expect((await me(later)).data.id).toBe(first.data.id);
      expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows).toHaveLength(1);
      expect(await roleIn(ctx, admin.accountId, email)).toEqual(['member']);
    });

    it('refuses a wrong state, a replayed answer, another browser, an expired sign-in, a late code and an expired ID token, each with its sentence', async () => {
      const admin = await confirmedUser(ctx);
      const domain = newDomain();
      await connect(admin, { domain });
      const browser = ctx.client();
      const callback = await throughProvider(browser, `bo@${domain}`);

      const forged = await browser.get(callback.replace(/state=[^&]+/, 'state=forged'));
      expect([forged.status, forged.body.message]).toEqual([401, SSO_CALLBACK_ERRORS.state]);
      // Someone else's browser cannot bring it back.
      const other = await ctx.client().get(callback);
      expect([other.status, other.body.message]).toEqual([401, SSO_CALLBACK_ERRORS.state]);
      expect((await browser.get(callback)).status).toBe(303);
      const replayed = await browser.get(callback);
      expect([replayed.status, replayed.body.message]).toEqual([401, SSO_CALLBACK_ERRORS.state]);

      // A sign-in started more than ten minutes ago.
      const late = ctx.client();
      const lateCallback = await throughProvider(late, `cy@${domain}`);
      await ctx.db.query(
        `UPDATE sso_login_states SET expires_at = now() - interval '1 second' WHERE claimed_at IS NULL`,
      );
      const expired = await late.get(lateCallback);
      expect([expired.status, expired.body.message]).toEqual([401, SSO_CALLBACK_ERRORS.state]);
      expect((await late.get('/api/v1/users/')).status).toBe(401);

      // A browser that navigated there goes back to the log-in page with the reason.
      const page = await ctx.client().get(callback, { headers: { accept: 'text/html' } });
      expect([page.status, page.headers.location]).toEqual([303, '/users/sign_in?sso_error=state']);

      // The provider's code expired before it was brought back: the token exchange is refused.
      const slowAdmin = await confirmedUser(ctx);
      const slowDomain = newDomain();
      await connect(slowAdmin, { domain: slowDomain, issuer: slowIdp.issuer });
      const slow = ctx.client();
      const slowCallback = await throughProvider(slow, `di@${slowDomain}`, slowIdp);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const codeExpired = await slow.get(slowCallback);
      expect([codeExpired.status, codeExpired.body.message]).toEqual([401, SSO_CALLBACK_ERRORS.token]);
      expect((await slow.get('/api/v1/users/')).status).toBe(401);

      // An expired ID token is not taken.
      const staleAdmin = await confirmedUser(ctx);
      const staleDomain = newDomain();
      await connect(staleAdmin, { domain: staleDomain, issuer: staleIdp.issuer });
      const stale = ctx.client();
      const tokenExpired = await stale.get(await throughProvider(stale, `ed@${staleDomain}`, staleIdp));
      expect([tokenExpired.status, tokenExpired.body.message]).toEqual([401, SSO_CALLBACK_ERRORS.token]);
      expect((await stale.get('/api/v1/users/')).status).toBe(401);
    });

    it("a first sign-in takes a seat: with the plan's seats all taken it is refused (402, no user made), and goes through once one is free", async () => {
      const admin = await confirmedUser(ctx);
      const domain = newDomain();
      await connect(admin, { domain });
      // Free has 3 seats: the admin and two pending invitations take them all.
      const invited = await admin.client.post(`/api/v1/accounts/${admin.accountId}/create_account_users`, {
        emails: [`x1@${domain}`, `x2@${domain}`],
        role: 'member',
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
      const email = `gus@${domain}`;

      const browser = ctx.client();
      const refused = await browser.get(await throughProvider(browser, email));
      expect([refused.status, refused.body.message]).toEqual([402, SSO_CALLBACK_ERRORS.seats]);
      expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows).toHaveLength(0);
      // In a browser the log-in page says it.
      const page = ctx.client();
      const redirected = await page.get(await throughProvider(page, email), { headers: { accept: 'text/html' } });
      expect([redirected.status, redirected.headers.location]).toEqual([303, '/users/sign_in?sso_error=seats']);

      const freed = await admin.client.delete('/api/v1/account_users/', {
        accountId: admin.accountId,
        ids: [],
        invitationIds: invited.body.included.slice(0, 1).map((i: any) => i.id),
      });
      expect(freed.status, JSON.stringify(freed.body)).toBe(200);
      const again = ctx.client();
      expect((await again.get(await throughProvider(again, email))).status).toBe(303);
      expect(await roleIn(ctx, admin.accountId, email)).toEqual(['member']);
    });

    it('refuses an unknown domain, an address outside the domains and an existing user the account has not added', async () => {
      const unknown = await ctx.client().post(SSO_PATHS.auth, { email: `someone@${newDomain()}` });
      expect([unknown.status, unknown.body.message]).toEqual([404, SSO_SERVER_MESSAGES.unknownDomain]);
      const invalid = await ctx.client().post(SSO_PATHS.auth, { email: 'no-at-sign' });
      expect([invalid.status, invalid.body.message]).toEqual([422, SSO_SERVER_MESSAGES.invalidEmail]);

      const admin = await confirmedUser(ctx);
      const domain = newDomain();
      await connect(admin, { domain });
      idp.claims.set(`eve@${domain}`, { email: 'eve@elsewhere.test' });
      const outside = ctx.client();
      const outsideAnswer = await outside.get(await throughProvider(outside, `eve@${domain}`));
      expect([outsideAnswer.status, outsideAnswer.body.message]).toEqual([403, SSO_CALLBACK_ERRORS.domain]);

      // A user with a password and this address: linked only once the account added them.
      const existing = await confirmedUser(ctx);
      await ctx.db.query('UPDATE users SET email = $2 WHERE id = $1', [existing.userId, `fay@${domain}`]);
      const first = ctx.client();
      const refused = await first.get(await throughProvider(first, `fay@${domain}`));
      expect([refused.status, refused.body.message]).toEqual([409, SSO_CALLBACK_ERRORS.existing]);
      await addToAccount(admin, { ...existing, email: `fay@${domain}` });
      const second = ctx.client();
      expect((await second.get(await throughProvider(second, `fay@${domain}`))).status).toBe(303);
      expect((await me(second)).data.id).toBe(existing.userId);
    });

    it('refuses password log-in to members of an account that requires single sign-on for their domain', async () => {
      const admin = await confirmedUser(ctx);
      const domain = newDomain();
      const existing = await confirmedUser(ctx);
      const email = `gus@${domain}`;
      await ctx.db.query('UPDATE users SET email = $2 WHERE id = $1', [existing.userId, email]);
      await addToAccount(admin, { ...existing, email });
      await connect(admin, { domain });
      expect((await signIn(ctx.client(), email, PASSWORD)).status).toBe(200);

      await connect(admin, { domain, requireSso: true });
      const refused = await signIn(ctx.client(), email, PASSWORD);
      expect([refused.status, refused.body.message]).toEqual([403, SSO_SERVER_MESSAGES.ssoRequired]);
      // Nor through Google: their organisation's provider only.
      const viaGoogle = ctx.client();
      const google = await viaGoogle.post(SSO_PATHS.google, {});
      const googleAnswer = await viaGoogle.get(pathOf(await idp.signIn(google.body.redirect_uri, email)));
      expect([googleAnswer.status, googleAnswer.body.message]).toEqual([403, SSO_CALLBACK_ERRORS.required]);
      // Single sign-on still lets them in.
      const browser = ctx.client();
      expect((await browser.get(await throughProvider(browser, email))).status).toBe(303);
      expect((await me(browser)).data.id).toBe(existing.userId);
    });

    it('signs in with Google (configured by environment) and says in the cookies whether it was a sign-up or a log-in', async () => {
      expect((await ctx.client().get(SSO_PATHS.providers)).body).toEqual({ data: { google: true } });
      const email = `hal-${randomBytes(3).toString('hex')}@gmail.test`;
      const viaGoogle = async () => {
        const browser = ctx.client();
        const start = await browser.post(SSO_PATHS.google, {});
        expect(start.status, JSON.stringify(start.body)).toBe(200);
        expect(new URL(start.body.redirect_uri).searchParams.get('client_id')).toBe('google-polycue');
        const back = await idp.signIn(start.body.redirect_uri, email);
        const landed = await browser.get(back.pathname + back.search);
        return { browser, landed };
      };
      const first = await viaGoogle();
      expect(first.landed.status).toBe(303);
      expect(first.landed.cookies).toMatchObject({ google_signup: 'true', google_login: 'false' });
      const user = await me(first.browser);
      expect(user.data.attributes).toMatchObject({ email, confirmedEmail: true });
      const second = await viaGoogle();
      expect(second.landed.cookies).toMatchObject({ google_signup: 'false', google_login: 'true' });
      expect((await me(second.browser)).data.id).toBe(user.data.id);

      // Google must vouch for the address.
      const unverified = `ida-${randomBytes(3).toString('hex')}@gmail.test`;
      idp.claims.set(unverified, { email_verified: false });
      const browser = ctx.client();
      const start = await browser.post(SSO_PATHS.google, {});
      const back = await idp.signIn(start.body.redirect_uri, unverified);
      const refused = await browser.get(back.pathname + back.search);
      expect([refused.status, refused.body.message]).toEqual([401, SSO_CALLBACK_ERRORS.email]);
    });
  },
);

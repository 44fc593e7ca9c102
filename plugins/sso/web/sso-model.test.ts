import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createToastService } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import { SSO_CALLBACK_ERRORS } from '../common/sso-contract';
import { createSsoModel } from './sso-model';

function setUp() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const left: string[] = [];
  const model = createSsoModel({ api, toast, logger: { error: () => {} }, leave: (url) => left.push(url) });
  const scope = fork();
  const toasts = () =>
    scope.getState(toast.$toasts).map(({ kind, title, description }) => ({ kind, title, description }));
  return { api, model, scope, left, toasts };
}

describe('single sign-on model', () => {
  it('leaves for the provider of the typed e-mail once, and says why when it cannot start', async () => {
    const kit = setUp();
    kit.api.reply('POST', '/api/v1/sso/auth', { redirect_uri: 'https://idp.example/auth?state=s' });
    await allSettled(kit.model.ssoRequested, { scope: kit.scope, params: ' ann@acme.test ' });
    expect(kit.api.callsTo('POST', '/api/v1/sso/auth').map((c) => c.body)).toEqual([{ email: 'ann@acme.test' }]);
    expect(kit.left).toEqual(['https://idp.example/auth?state=s']);
    // On its way: a second press sends nothing.
    await allSettled(kit.model.ssoRequested, { scope: kit.scope, params: 'ann@acme.test' });
    expect(kit.api.callsTo('POST', '/api/v1/sso/auth')).toHaveLength(1);

    const other = setUp();
    other.api.reply(
      'POST',
      '/api/v1/sso/auth',
      new ApiError('Single sign-on is not set up for this e-mail domain', 404),
    );
    await allSettled(other.model.ssoRequested, { scope: other.scope, params: 'bo@nowhere.test' });
    expect(other.toasts()).toEqual([
      {
        kind: 'error',
        title: 'Authentication failed',
        description: 'Single sign-on is not set up for this e-mail domain',
      },
    ]);
    expect(other.left).toEqual([]);
  });

  it("opens the admin portal, or says 'Can't open the SSO admin portal'", async () => {
    const kit = setUp();
    kit.api.reply('POST', '/api/v1/sso/open_admin_portal', {
      redirect_uri: 'http://localhost/account/sso?accountId=7',
    });
    await allSettled(kit.model.adminPortalRequested, { scope: kit.scope, params: '7' });
    expect(kit.left).toEqual(['http://localhost/account/sso?accountId=7']);

    const refused = setUp();
    refused.api.reply('POST', '/api/v1/sso/open_admin_portal', new ApiError('Only account admins can do this', 403));
    await allSettled(refused.model.adminPortalRequested, { scope: refused.scope, params: '7' });
    expect(refused.toasts().map((t) => t.title)).toEqual(["Can't open the SSO admin portal"]);
  });

  it('removes single sign-on and shows the account as not set up', async () => {
    const kit = setUp();
    const off = {
      accountId: '7',
      configured: false,
      issuer: '',
      clientId: '',
      hasClientSecret: false,
      domains: [],
      domainStatus: [],
      verificationRecord: '',
      defaultRole: 'member',
      requireSso: false,
      redirectUri: 'x',
    };
    kit.api.reply('DELETE', '/api/v1/sso/settings', { data: { id: '7', type: 'ssoSettings', attributes: off } });
    await allSettled(kit.model.removeRequested, { scope: kit.scope, params: '7' });
    expect(kit.api.callsTo('DELETE', '/api/v1/sso/settings').map((c) => c.body)).toEqual([{ accountId: '7' }]);
    expect(kit.scope.getState(kit.model.$settings)).toEqual(off);
    expect(kit.toasts().map((t) => t.title)).toEqual(['Single sign-on removed']);
  });

  it('tests the saved connection and shows the outcome until the settings change; a failed call says so', async () => {
    const kit = setUp();
    kit.api.reply('POST', '/api/v1/sso/settings/check', {
      data: { ok: false, message: 'The issuer could not be read' },
    });
    await allSettled(kit.model.checkRequested, { scope: kit.scope, params: '7' });
    expect(kit.api.callsTo('POST', '/api/v1/sso/settings/check').map((c) => c.body)).toEqual([{ accountId: '7' }]);
    expect(kit.scope.getState(kit.model.$check)).toEqual({
      accountId: '7',
      ok: false,
      message: 'The issuer could not be read',
    });
    // The palette asks before the settings page opens: opening it for the same account keeps the outcome.
    kit.api.reply('GET', '/api/v1/sso/settings', new ApiError('Network Error', 0));
    await allSettled(kit.model.settingsOpened, { scope: kit.scope, params: '7' });
    expect(kit.scope.getState(kit.model.$check)).toMatchObject({ ok: false });
    kit.api.reply('PUT', '/api/v1/sso/settings', new ApiError('Enter the client secret', 422));
    await allSettled(kit.model.settingsSubmitted, {
      scope: kit.scope,
      params: {
        accountId: '7',
        issuer: 'https://idp',
        clientId: 'c',
        domains: ['a.test'],
        defaultRole: 'member',
        requireSso: false,
      },
    });
    expect(kit.scope.getState(kit.model.$check)).toBeNull();

    const down = setUp();
    down.api.reply('POST', '/api/v1/sso/settings/check', new ApiError('Network Error', 0));
    await allSettled(down.model.checkRequested, { scope: down.scope, params: '7' });
    expect(down.toasts().map((t) => t.title)).toEqual(['The connection could not be checked']);
    expect(down.scope.getState(down.model.$check)).toBeNull();
  });

  it('verifies the domains, says what each lookup found and reads the statuses again; a failed call says so', async () => {
    const kit = setUp();
    kit.api.reply('POST', '/api/v1/sso/settings/verify_domains', {
      data: {
        domains: [
          { domain: 'a.test', verified: true, message: 'Verified' },
          { domain: 'b.test', verified: false, message: 'No TXT record yet' },
        ],
      },
    });
    const attributes = {
      accountId: '7',
      configured: true,
      issuer: 'https://idp',
      clientId: 'c',
      hasClientSecret: true,
      domains: ['a.test', 'b.test'],
      domainStatus: [
        { domain: 'a.test', verified: true },
        { domain: 'b.test', verified: false },
      ],
      verificationRecord: 'polycue-verification=x',
      defaultRole: 'member',
      requireSso: false,
      redirectUri: 'x',
    };
    kit.api.reply('GET', '/api/v1/sso/settings', { data: { id: '7', type: 'ssoSettings', attributes } });
    await allSettled(kit.model.verifyRequested, { scope: kit.scope, params: '7' });
    expect(kit.api.callsTo('POST', '/api/v1/sso/settings/verify_domains').map((c) => c.body)).toEqual([
      { accountId: '7' },
    ]);
    expect(kit.scope.getState(kit.model.$verification)).toEqual({
      'a.test': 'Verified',
      'b.test': 'No TXT record yet',
    });
    expect(kit.scope.getState(kit.model.$settings)?.domainStatus).toEqual(attributes.domainStatus);

    const down = setUp();
    down.api.reply('POST', '/api/v1/sso/settings/verify_domains', new ApiError('Network Error', 0));
    await allSettled(down.model.verifyRequested, { scope: down.scope, params: '7' });
    expect(down.toasts().map((t) => t.title)).toEqual(['The domains could not be checked']);
  });

  it('says why the provider did not sign the person in, back on the log-in page', async () => {
    const kit = setUp();
    kit.api.reply('GET', '/api/v1/sso/providers', { data: { google: true } });
    await allSettled(kit.model.signInPageOpened, { scope: kit.scope, params: '?sso_error=state' });
    expect(kit.toasts()).toEqual([{ kind: 'error', title: 'Log-in failed', description: SSO_CALLBACK_ERRORS.state }]);
    expect(kit.scope.getState(kit.model.$google)).toBe(true);
  });
});

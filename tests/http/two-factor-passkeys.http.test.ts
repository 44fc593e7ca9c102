import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { AUDIT_PATHS } from '../../plugins/audit/common/audit-contract';
import { PASSKEY_PATHS } from '../../plugins/two-factor/common/passkeys-contract';
import { TWO_FACTOR_PATHS } from '../../plugins/two-factor/common/two-factor-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { addToAccount } from './accounts-fixtures';
import { confirmedUser, signIn } from './auth-test-helpers';
import { SoftwareAuthenticator } from './software-authenticator';

const ME = '/api/v1/users/';
const CHALLENGE_REFUSED = 'This passkey request has expired or was already used. Try again.';

/** Registers a new software passkey for a logged-in person; answers it and the server's reply. */
async function addPasskey(ctx: TestAppContext, person: { client: TestClient }, name = 'Laptop') {
  const key = new SoftwareAuthenticator(new URL(ctx.config.publicUrl).origin);
  const options = await person.client.post(PASSKEY_PATHS.registrationOptions);
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const res = await person.client.post(PASSKEY_PATHS.passkeys, { name, response: key.register(options.body.data) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { key, id: res.body.data.passkey.id as string, res };
}

/** A new browser that gave the right password (held back, no session) and the second step's choices. */
async function heldLogIn(ctx: TestAppContext, email: string) {
  const browser = ctx.client();
  const res = await signIn(browser, email);
  expect([res.status, res.body.code]).toEqual([401, 'second_factor_required']);
  const methods = await browser.post(PASSKEY_PATHS.signInMethods);
  expect(methods.status, JSON.stringify(methods.body)).toBe(200);
  return { browser, res, methods: methods.body.data };
}

async function actions(person: { client: TestClient; accountId: string }, action: string) {
  const res = await person.client.get(`${AUDIT_PATHS.entries}?accountId=${person.accountId}&action=${action}`);
  return res.body.data.map((e: { attributes: Record<string, unknown> }) => e.attributes);
}

describeOnBothDatabases('two-factor sign-in with passkeys', (ctx) => {
  it('registers a named passkey (recovery codes once, audit entry); a log-in then makes no session until the passkey answers', async () => {
    const user = await confirmedUser(ctx);
    const { key, id, res } = await addPasskey(ctx, user, '  Work laptop ');
    expect(res.body.data.passkey).toMatchObject({ id, name: 'Work laptop', lastUsedAt: null });
    expect(res.body.data.recoveryCodes).toHaveLength(10);
    // A second key: two-factor sign-in was already on, so no new recovery codes.
    const second = await addPasskey(ctx, user, 'Security key');
    expect(second.res.body.data.recoveryCodes).toBeUndefined();
    expect((await user.client.get(PASSKEY_PATHS.passkeys)).body.data.map((p: { name: string }) => p.name)).toEqual([
      'Work laptop',
      'Security key',
    ]);
    expect((await user.client.get(TWO_FACTOR_PATHS.own)).body.data).toEqual({
      enabled: true,
      authenticatorApp: false,
      passkeys: 2,
      recoveryCodesLeft: 10,
      required: false,
    });
    expect(await actions(user, 'two-factor.passkeyAdded')).toEqual([
      expect.objectContaining({
        actorUserId: user.userId,
        targetType: 'passkey',
        targetId: second.id,
        changes: { after: { name: 'Security key' } },
      }),
      expect.objectContaining({ targetId: id, changes: { after: { name: 'Work laptop' } } }),
    ]);

    const { browser, res: held, methods } = await heldLogIn(ctx, user.email);
    expect(held.body.message).toBe('Use your passkey, or a code, to finish logging in.');
    expect(methods.authenticatorApp).toBe(false);
    expect(methods.passkey.allowCredentials.map((c: { id: string }) => c.id).sort()).toEqual(
      [key.credentialId, second.key.credentialId].sort(),
    );
    expect(methods.passkey.rpId).toBe('localhost');
    expect((await browser.get(ME)).status).toBe(401);
    const done = await browser.post(PASSKEY_PATHS.signInPasskey, { response: key.assert(methods.passkey) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await browser.get(ME)).status).toBe(200);
    const listed = (await user.client.get(PASSKEY_PATHS.passkeys)).body.data;
    expect(listed.find((p: { id: string }) => p.id === id).lastUsedAt).not.toBeNull();

    // Renamed; a recovery code still works instead of the passkey.
    const renamed = await user.client.patch(PASSKEY_PATHS.passkey(id), { name: 'Old laptop' });
    expect([renamed.status, renamed.body.data.name]).toEqual([200, 'Old laptop']);
    expect((await user.client.patch(PASSKEY_PATHS.passkey(id), { name: '   ' })).status).toBe(422);
    const byCode = await heldLogIn(ctx, user.email);
    expect((await byCode.browser.post(TWO_FACTOR_PATHS.signIn, { code: res.body.data.recoveryCodes[0] })).status).toBe(
      200,
    );
  });

  it('refuses a replayed, expired or foreign challenge with a clear 4xx, at set-up and at log-in', async () => {
    const user = await confirmedUser(ctx);
    const other = await confirmedUser(ctx);
    const origin = new URL(ctx.config.publicUrl).origin;

    // Set-up: an answer sent twice; an answer to another user's challenge; an expired challenge.
    const key = new SoftwareAuthenticator(origin);
    const options = (await user.client.post(PASSKEY_PATHS.registrationOptions)).body.data;
    const answer = key.register(options);
    expect((await user.client.post(PASSKEY_PATHS.passkeys, { name: 'A', response: answer })).status).toBe(200);
    const replayed = await user.client.post(PASSKEY_PATHS.passkeys, { name: 'A again', response: answer });
    expect([replayed.status, replayed.body.message]).toEqual([422, CHALLENGE_REFUSED]);
    const othersOptions = (await other.client.post(PASSKEY_PATHS.registrationOptions)).body.data;
    const foreign = await user.client.post(PASSKEY_PATHS.passkeys, {
      name: 'Foreign',
      response: new SoftwareAuthenticator(origin).register(othersOptions),
    });
    expect([foreign.status, foreign.body.message]).toEqual([422, CHALLENGE_REFUSED]);
    const late = (await user.client.post(PASSKEY_PATHS.registrationOptions)).body.data;
    await ctx.db.query(
      `UPDATE two_factor_webauthn_challenges SET expires_at = now() - interval '1 minute' WHERE challenge = $1`,
      [late.challenge],
    );
    const expired = await user.client.post(PASSKEY_PATHS.passkeys, {
      name: 'Late',
      response: new SoftwareAuthenticator(origin).register(late),
    });
    expect([expired.status, expired.body.message]).toEqual([422, CHALLENGE_REFUSED]);
    // Made for another site: verified and refused.
    const phished = await user.client.post(PASSKEY_PATHS.passkeys, {
      name: 'Phished',
      response: new SoftwareAuthenticator(origin).register(
        (await user.client.post(PASSKEY_PATHS.registrationOptions)).body.data,
        { origin: 'https://evil.example' },
      ),
    });
    expect([phished.status, phished.body.message]).toEqual([422, 'The passkey could not be verified.']);
    expect((await user.client.get(PASSKEY_PATHS.passkeys)).body.data).toHaveLength(1);

    // Log-in: the same signed answer in a second held log-in; a challenge the server never gave.
    const first = await heldLogIn(ctx, user.email);
    const assertion = key.assert(first.methods.passkey);
    expect((await first.browser.post(PASSKEY_PATHS.signInPasskey, { response: assertion })).status).toBe(200);
    const second = await heldLogIn(ctx, user.email);
    const replay = await second.browser.post(PASSKEY_PATHS.signInPasskey, { response: assertion });
    expect([replay.status, replay.body.message]).toEqual([401, CHALLENGE_REFUSED]);
    const made = await second.browser.post(PASSKEY_PATHS.signInPasskey, {
      response: key.assert(second.methods.passkey, { challenge: 'bm90LWdpdmVuLWJ5LXRoZS1zZXJ2ZXI' }),
    });
    expect([made.status, made.body.message]).toEqual([401, CHALLENGE_REFUSED]);
    expect((await second.browser.get(ME)).status).toBe(401);
    // A cloned key (its counter behind the server's): refused.
    key.counter = 0;
    const cloned = await heldLogIn(ctx, user.email);
    const clonedAnswer = await cloned.browser.post(PASSKEY_PATHS.signInPasskey, {
      response: key.assert(cloned.methods.passkey),
    });
    expect([clonedAnswer.status, clonedAnswer.body.message]).toEqual([401, 'The passkey could not be verified.']);
    expect((await actions(user, 'auth.signInFailed')).length).toBe(3);
  });

  it("a removed key no longer works, another user's key is refused, and nobody reaches another's passkeys", async () => {
    const user = await confirmedUser(ctx);
    const other = await confirmedUser(ctx);
    const kept = await addPasskey(ctx, user, 'Kept');
    const removed = await addPasskey(ctx, user, 'Lost');
    const othersKey = await addPasskey(ctx, other, 'Not yours');

    expect((await other.client.delete(PASSKEY_PATHS.passkey(removed.id))).status).toBe(404);
    expect((await other.client.patch(PASSKEY_PATHS.passkey(removed.id), { name: 'Mine' })).status).toBe(404);
    expect((await user.client.delete(PASSKEY_PATHS.passkey(removed.id))).status).toBe(200);
    expect((await user.client.delete(PASSKEY_PATHS.passkey(removed.id))).status).toBe(404);
    expect(await actions(user, 'two-factor.passkeyRemoved')).toEqual([
      expect.objectContaining({
        actorUserId: user.userId,
        targetId: removed.id,
        changes: { before: { name: 'Lost' } },
      }),
    ]);

    const { browser, methods } = await heldLogIn(ctx, user.email);
    expect(methods.passkey.allowCredentials.map((c: { id: string }) => c.id)).toEqual([kept.key.credentialId]);
    const gone = await browser.post(PASSKEY_PATHS.signInPasskey, { response: removed.key.assert(methods.passkey) });
    expect([gone.status, gone.body.message]).toEqual([401, 'This passkey is not registered for your user.']);
    const again = await browser.post(PASSKEY_PATHS.signInMethods);
    const foreign = await browser.post(PASSKEY_PATHS.signInPasskey, {
      response: othersKey.key.assert(again.body.data.passkey),
    });
    expect([foreign.status, foreign.body.message]).toEqual([401, 'This passkey is not registered for your user.']);
    expect((await browser.get(ME)).status).toBe(401);
    const third = await browser.post(PASSKEY_PATHS.signInMethods);
    const ok = await browser.post(PASSKEY_PATHS.signInPasskey, { response: kept.key.assert(third.body.data.passkey) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    // The last key removed: two-factor sign-in is off, its recovery codes gone; the password alone logs in.
    expect((await user.client.delete(PASSKEY_PATHS.passkey(kept.id))).status).toBe(200);
    expect((await user.client.get(TWO_FACTOR_PATHS.own)).body.data).toMatchObject({ enabled: false, passkeys: 0 });
    expect((await signIn(ctx.client(), user.email)).status).toBe(200);
  });

  it('a passkey satisfies "require two-factor sign-in", enforced on the server', async () => {
    const admin = await confirmedUser(ctx);
    const withKey = await confirmedUser(ctx);
    const without = await confirmedUser(ctx);
    await addToAccount(admin, withKey);
    await addToAccount(admin, without);
    const adminKey = await addPasskey(ctx, admin);
    const memberKey = await addPasskey(ctx, withKey);
    const put = await admin.client.put(TWO_FACTOR_PATHS.policy, { accountId: admin.accountId, required: true });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // The member with a passkey keeps their session; the one without is logged out and held for set-up.
    expect((await withKey.client.get(ME)).status).toBe(200);
    expect((await without.client.get(ME)).status).toBe(401);
    const held = await signIn(ctx.client(), without.email);
    expect([held.status, held.body.code]).toEqual([401, 'second_factor_setup_required']);
    expect((await heldLogIn(ctx, withKey.email)).res.body.code).toBe('second_factor_required');
    // The last second factor cannot go while the account requires one; a second one first, then it can.
    const last = await withKey.client.delete(PASSKEY_PATHS.passkey(memberKey.id));
    expect([last.status, last.body.message]).toEqual([
      422,
      'An account you belong to requires two-factor sign-in: this is your last second factor.',
    ]);
    const setup = await withKey.client.post(TWO_FACTOR_PATHS.setup);
    const code = await generate({ secret: setup.body.data.secret });
    expect((await withKey.client.post(TWO_FACTOR_PATHS.confirm, { code })).status).toBe(200);
    expect((await withKey.client.delete(PASSKEY_PATHS.passkey(memberKey.id))).status).toBe(200);
    // Now the app is the last one: it stays too.
    const appOff = await withKey.client.delete(TWO_FACTOR_PATHS.own, {
      code: await generate({ secret: setup.body.data.secret, epoch: Date.now() / 1000 + 30 }),
    });
    expect([appOff.status, appOff.body.message]).toEqual([
      422,
      'An account you belong to requires two-factor sign-in.',
    ]);
    // The admin, whose only factor is a passkey, may not remove it either.
    expect((await admin.client.delete(PASSKEY_PATHS.passkey(adminKey.id))).status).toBe(422);
  });
});

describeOnBothDatabases('passkey sign-in throttling', { config: { authRateLimitPerMinute: 3 } }, (ctx) => {
  it('answers are throttled like passwords: past the limit a minute, 429', async () => {
    const browser = ctx.client();
    const answer = new SoftwareAuthenticator(new URL(ctx.config.publicUrl).origin).assert({ challenge: 'abc' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await browser.post(PASSKEY_PATHS.signInPasskey, { response: answer })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

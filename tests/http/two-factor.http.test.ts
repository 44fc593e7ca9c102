import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { AUDIT_PATHS } from '../../plugins/audit/common/audit-contract';
import { TWO_FACTOR_PATHS } from '../../plugins/two-factor/common/two-factor-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { addToAccount, type Person } from './accounts-fixtures';
import { confirmedUser, signIn } from './auth-test-helpers';

const ME = '/api/v1/users/';
const now = () => Math.floor(Date.now() / 1000);
/** A code of the next 30 s step: accepted (one step of drift) and never the one used to turn it on. */
const nextCode = (secret: string) => generate({ secret, epoch: now() + 30 });

/** Turns two-factor sign-in on for a logged-in person; answers the secret and the recovery codes. */
async function enrol(person: { client: TestClient }) {
  const setup = await person.client.post(TWO_FACTOR_PATHS.setup);
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const secret: string = setup.body.data.secret;
  const confirmed = await person.client.post(TWO_FACTOR_PATHS.confirm, { code: await generate({ secret }) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[], setup: setup.body.data };
}

/** A new browser that gave the right password: held back, no session. */
async function heldLogIn(ctx: TestAppContext, email: string) {
  const browser = ctx.client();
  const res = await signIn(browser, email);
  return { browser, res };
}

async function actions(admin: Person, action: string) {
  const res = await admin.client.get(`${AUDIT_PATHS.entries}?accountId=${admin.accountId}&action=${action}`);
  return res.body.data.map((e: { attributes: Record<string, unknown> }) => e.attributes);
}

describeOnBothDatabases('two-factor sign-in (TOTP)', (ctx) => {
  it('enrols with a QR code and a first code; a log-in then asks for a code and makes no session until a valid one comes; each code works once', async () => {
    const user = await confirmedUser(ctx);
    expect((await user.client.post(TWO_FACTOR_PATHS.confirm, { code: '123456' })).status).toBe(422);
    const setup = await user.client.post(TWO_FACTOR_PATHS.setup);
    expect(setup.body.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.data.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(setup.body.data.otpauthUrl).toContain(`secret=${setup.body.data.secret}`);
    const wrong = await user.client.post(TWO_FACTOR_PATHS.confirm, { code: '000000' });
    expect([wrong.status, wrong.body.message]).toEqual([422, 'The code is not valid.']);
    const secret: string = setup.body.data.secret;
    const confirmed = await user.client.post(TWO_FACTOR_PATHS.confirm, { code: await generate({ secret }) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.recoveryCodes).toHaveLength(10);
    expect((await user.client.get(TWO_FACTOR_PATHS.own)).body.data).toEqual({
      enabled: true,
      authenticatorApp: true,
      passkeys: 0,
      recoveryCodesLeft: 10,
      required: false,
    });

    const { browser, res } = await heldLogIn(ctx, user.email);
    expect([res.status, res.body.code, res.body.message]).toEqual([
      401,
      'second_factor_required',
      'Enter the code from your authenticator app.',
    ]);
    expect((await browser.get(ME)).status).toBe(401);
    expect((await browser.post(TWO_FACTOR_PATHS.signIn, { code: '000000' })).status).toBe(401);
    expect((await browser.get(ME)).status).toBe(401);
    const code = await nextCode(secret);
    const done = await browser.post(TWO_FACTOR_PATHS.signIn, { code });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await browser.get(ME)).status).toBe(200);

    // The same code a second time (another browser, same password): refused.
    const again = await heldLogIn(ctx, user.email);
    expect((await again.browser.post(TWO_FACTOR_PATHS.signIn, { code })).status).toBe(401);
    expect((await again.browser.get(ME)).status).toBe(401);
  });

  it('recovery codes are stored hashed, each works once, and the count goes down', async () => {
    const user = await confirmedUser(ctx);
    const { recoveryCodes } = await enrol(user);
    const { rows } = await ctx.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1',
      [user.userId],
    );
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(recoveryCodes.map((c) => c.replace(/-/g, ''))).not.toContain(row.code_hash);
    expect(JSON.stringify(rows)).not.toContain(recoveryCodes[0]);

    const first = await heldLogIn(ctx, user.email);
    expect((await first.browser.post(TWO_FACTOR_PATHS.signIn, { code: recoveryCodes[0].toUpperCase() })).status).toBe(
      200,
    );
    const second = await heldLogIn(ctx, user.email);
    expect((await second.browser.post(TWO_FACTOR_PATHS.signIn, { code: recoveryCodes[0] })).status).toBe(401);
    expect((await second.browser.post(TWO_FACTOR_PATHS.signIn, { code: recoveryCodes[1] })).status).toBe(200);
    expect((await user.client.get(TWO_FACTOR_PATHS.own)).body.data.recoveryCodesLeft).toBe(8);
    const used = await actions(user, 'two-factor.recoveryCodeUsed');
    expect(used.map((e: { changes: unknown }) => e.changes)).toEqual([{ after: { left: 8 } }, { after: { left: 9 } }]);
  });

  it('five wrong codes end the held log-in; the second step without a password first is refused; the audit log has the failures', async () => {
    const user = await confirmedUser(ctx);
    const { secret } = await enrol(user);
    expect((await ctx.client().post(TWO_FACTOR_PATHS.signIn, { code: '123456' })).status).toBe(401);
    const { browser } = await heldLogIn(ctx, user.email);
    for (let i = 0; i < 5; i++)
      expect((await browser.post(TWO_FACTOR_PATHS.signIn, { code: '000000' })).status).toBe(401);
    const late = await browser.post(TWO_FACTOR_PATHS.signIn, { code: await nextCode(secret) });
    expect([late.status, late.body.message]).toEqual([401, 'Log in with your password first.']);
    expect((await browser.get(ME)).status).toBe(401);
    const failures = await actions(user, 'auth.signInFailed');
    expect(failures).toHaveLength(5);
    expect(failures[0].changes).toEqual({ after: { reason: 'second_factor' } });
    expect(await actions(user, 'two-factor.enabled')).toEqual([
      expect.objectContaining({ actorUserId: user.userId, targetId: user.userId }),
    ]);
  });

  it('turning it off asks for a code; afterwards the password alone logs in', async () => {
    const user = await confirmedUser(ctx);
    const { secret } = await enrol(user);
    expect((await user.client.delete(TWO_FACTOR_PATHS.own, { code: '000000' })).status).toBe(422);
    expect((await user.client.delete(TWO_FACTOR_PATHS.own, { code: await nextCode(secret) })).status).toBe(200);
    const browser = ctx.client();
    expect((await signIn(browser, user.email)).status).toBe(200);
    expect((await browser.get(ME)).status).toBe(200);
  });

  it('an admin may require it of the members: only once the admin has it; members without it lose their sessions, must set it up at the next log-in, and cannot turn it off', async () => {
    const admin = await confirmedUser(ctx);
    const member = await confirmedUser(ctx);
    await addToAccount(admin, member);
    const policy = { accountId: admin.accountId, required: true };
    expect((await member.client.put(TWO_FACTOR_PATHS.policy, policy)).status).toBe(403);
    const refused = await admin.client.put(TWO_FACTOR_PATHS.policy, policy);
    expect([refused.status, refused.body.message]).toEqual([422, 'Turn on two-factor sign-in for yourself first.']);
    await enrol(admin);
    expect((await admin.client.put(TWO_FACTOR_PATHS.policy, policy)).status).toBe(200);
    expect((await admin.client.get(`${TWO_FACTOR_PATHS.policy}?accountId=${admin.accountId}`)).body.data).toEqual({
      required: true,
    });
    // The member's session ended; the admin's (who has it) did not.
    expect((await member.client.get(ME)).status).toBe(401);
    expect((await admin.client.get(ME)).status).toBe(200);

    const { browser, res } = await heldLogIn(ctx, member.email);
    expect([res.status, res.body.code]).toEqual([401, 'second_factor_setup_required']);
    expect((await browser.get(ME)).status).toBe(401);
    const setup = await browser.post(TWO_FACTOR_PATHS.signInSetup);
    expect(setup.status).toBe(200);
    expect((await browser.post(TWO_FACTOR_PATHS.signIn, { code: '000000' })).status).toBe(401);
    const done = await browser.post(TWO_FACTOR_PATHS.signIn, {
      code: await generate({ secret: setup.body.data.secret }),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect((await browser.get(ME)).status).toBe(200);
    const off = await browser.delete(TWO_FACTOR_PATHS.own, { code: done.body.recoveryCodes[0] });
    expect([off.status, off.body.message]).toEqual([422, 'An account you belong to requires two-factor sign-in.']);
    expect(await actions(admin, 'two-factor.policyChanged')).toEqual([
      expect.objectContaining({ actorUserId: admin.userId, changes: { after: { required: true } } }),
    ]);
  });
});

describeOnBothDatabases('two-factor sign-in throttling', { config: { authRateLimitPerMinute: 3 } }, (ctx) => {
  it('codes are throttled like passwords: past the limit a minute, 429', async () => {
    const browser = ctx.client();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await browser.post(TWO_FACTOR_PATHS.signIn, { code: '000000' })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

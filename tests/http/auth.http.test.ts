import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '../../core/common/csrf';
import { describeOnBothDatabases } from '../support/test-app';
import { PASSWORD, confirmedUser, linkIn, mailTo, signIn, signUp, uniqueEmail } from './auth-test-helpers';

/** Sign-up, confirmation, log-in, log-out and password reset, as a browser drives them. */
describeOnBothDatabases('auth', (ctx) => {
  describe('sign-up', () => {
    it('creates the user with an account and a workspace and logs them in unconfirmed', async () => {
      const browser = ctx.client();
      const email = uniqueEmail('ada');
      const res = await signUp(browser, { email: `  ${email.toUpperCase()} `, name: 'Ada Lovelace' }, 'anon-123');
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        type: 'user',
        attributes: { email, confirmedEmail: false, onboardingState: 'survey' },
      });

      const me = await browser.get('/api/v1/users/');
      expect(me.status).toBe(200);
      expect(me.body.data.attributes).toMatchObject({
        email,
        name: 'Ada Lovelace',
        confirmedEmail: false,
        onboardingState: 'survey',
      });
      expect(me.body.included).toHaveLength(1);
      const account = me.body.included[0];
      expect(account).toMatchObject({
        type: 'account',
        attributes: { name: "Ada's account", role: 'admin', subscription: { isCurrent: false } },
      });

      const { rows } = await ctx.db.query<{
        name: string;
        access_type: string;
        anonymous_id: string;
        password_hash: string;
      }>(
        `SELECT w.name, wu.access_type, u.anonymous_id, u.password_hash
           FROM users u JOIN account_users au ON au.user_id = u.id
           JOIN workspaces w ON w.account_id = au.account_id
           JOIN workspace_users wu ON wu.workspace_id = w.id AND wu.account_user_id = au.id
          WHERE u.email = $1`,
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'My workspace', access_type: 'account_admin', anonymous_id: 'anon-123' });
      expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
      expect(account.attributes.lastUsedWorkspaceId).not.toBeNull();
    });

    it('names the account after the e-mail when no name is given', async () => {
      const browser = ctx.client();
      const email = uniqueEmail('grace');
      expect((await signUp(browser, { email })).status).toBe(201);
      const me = await browser.get('/api/v1/users/');
      expect(me.body.included[0].attributes.name).toBe(`${email.split('@')[0]}'s account`);
    });

    it('mails a confirmation link that confirms the e-mail of the logged-in browser', async () => {
      const browser = ctx.client();
      const email = uniqueEmail();
      await signUp(browser, { email });
      const mail = await mailTo(ctx, email, 'Confirm your Polycue account');
      expect(mail.text).toContain(`${ctx.config.publicUrl}/users/confirmation?confirmation_token=`);

      const confirm = await browser.get(linkIn(mail, '/users/confirmation?'));
      expect(confirm.status).toBe(302);
      expect(confirm.headers.location).toBe('/');
      expect((await browser.get('/api/v1/users/')).body.data.attributes.confirmedEmail).toBe(true);

      // The token is spent: a second click is an invalid link.
      const again = await ctx.client().get(linkIn(mail, '/users/confirmation?'));
      expect(again.headers.location).toBe('/users/sign_in?confirmation=invalid');
    });

    it('sends another browser to the log-in page after confirming', async () => {
      const email = uniqueEmail();
      await signUp(ctx.client(), { email });
      const mail = await mailTo(ctx, email, 'Confirm your Polycue account');
      const res = await ctx.client().get(linkIn(mail, '/users/confirmation?'));
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/users/sign_in?confirmed=1');
      expect((await ctx.client().get('/users/confirmation?confirmation_token=forged')).headers.location).toBe(
        '/users/sign_in?confirmation=invalid',
      );
    });

    it('resends the confirmation mail; already confirmed is said only to the account itself', async () => {
      const email = uniqueEmail();
      await signUp(ctx.client(), { email });
      const first = await mailTo(ctx, email, 'Confirm your Polycue account');
      const browser = ctx.client();
      expect((await browser.post('/users/confirmation', { user: { email } })).status).toBe(200);
      const second = await ctx.waitForMail((m) => m.to.includes(email) && m.file !== first.file);
      // Only the newest link works.
      expect((await ctx.client().get(linkIn(first, '/users/confirmation?'))).headers.location).toBe(
        '/users/sign_in?confirmation=invalid',
      );
      expect((await ctx.client().get(linkIn(second, '/users/confirmation?'))).headers.location).toBe(
        '/users/sign_in?confirmed=1',
      );

      // A stranger learns nothing: a confirmed, an unknown and an unconfirmed address get the same answer; the owner gets a mail.
      const confirmed = await browser.post('/users/confirmation', { user: { email } });
      const unknown = await browser.post('/users/confirmation', { user: { email: uniqueEmail('nobody') } });
      expect([confirmed.status, confirmed.text]).toEqual([200, unknown.text]);
      expect(unknown.status).toBe(200);
      const told = await mailTo(ctx, email, 'Your Polycue account is already confirmed');
      expect(linkIn(told, '/users/sign_in')).toBe('/users/sign_in');
      // The account's own session (the check-e-mail page) is told, as docs/product-contract.md#validation says.
      const own = ctx.client();
      expect((await signIn(own, email)).status).toBe(200);
      const mine = await own.post('/users/confirmation', { user: { email } });
      expect(mine.status).toBe(422);
      expect(mine.body).toMatchObject({
        code: 'already_confirmed',
        message: 'You already confirmed this email. Please log in.',
      });
    });

    it('refuses a disposable e-mail domain without creating anyone', async () => {
      const email = `someone-${Date.now()}@mailinator.com`;
      const res = await signUp(ctx.client(), { email });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'email_domain_not_permitted', message: 'Email domain is not permitted' });
      const { rows } = await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
      expect(rows).toHaveLength(0);
    });

    it('refuses an e-mail that is taken, whatever its case', async () => {
      const email = uniqueEmail();
      expect((await signUp(ctx.client(), { email })).status).toBe(201);
      const res = await signUp(ctx.client(), { email: email.toUpperCase() });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'email_taken', message: 'Email has already been taken', field: 'email' });
      const { rows } = await ctx.db.query(
        'SELECT 1 FROM accounts a JOIN account_users au ON au.account_id = a.id JOIN users u ON u.id = au.user_id WHERE u.email = $1',
        [email],
      );
      expect(rows).toHaveLength(1);
    });

    it('applies the password rules', async () => {
      const short = await signUp(ctx.client(), { email: uniqueEmail(), password: 'short' });
      expect(short.status).toBe(422);
      expect(short.body).toMatchObject({
        code: 'invalid',
        field: 'password',
        message: 'Password is too short (minimum is 8 characters)',
      });
      const mismatch = await ctx
        .client()
        .post('/users', { user: { email: uniqueEmail(), password: PASSWORD, passwordConfirmation: 'other password' } });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.field).toBe('passwordConfirmation');
    });

    it('answers bad bodies with 400, not 500', async () => {
      const browser = ctx.client();
      for (const body of [
        {},
        { user: { email: 'a@b.co' } },
        { user: { email: 42, password: PASSWORD } },
        { user: 'x' },
      ]) {
        const res = await browser.post('/users', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      }
      expect((await browser.post('/users/sign_in', { user: { email: 'a@b.co' } })).status).toBe(400);
      expect((await browser.put('/users/password', { user: { password: 'x' } })).status).toBe(400);
      expect((await browser.post('/users/password', { user: {} })).status).toBe(400);
    });
  });

  describe('log-in and log-out', () => {
    it('refuses a wrong password and an unknown e-mail with the same message', async () => {
      const { email } = await confirmedUser(ctx);
      const browser = ctx.client();
      const wrong = await signIn(browser, email, 'not the password');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ code: 'invalid_credentials', message: 'Invalid Email or password.' });
      const unknown = await signIn(browser, uniqueEmail('nobody'));
      expect(unknown.status).toBe(401);
      expect(unknown.body.message).toBe('Invalid Email or password.');
      expect((await browser.get('/api/v1/users/')).status).toBe(401);
    });

    it('logs in with a new CSRF token and logs out', async () => {
      const { email } = await confirmedUser(ctx);
      const browser = ctx.client();
      await browser.visit();
      const anonymousToken = browser.csrfToken;
      const res = await signIn(browser, ` ${email.toUpperCase()}`);
      expect(res.status).toBe(200);
      expect(res.body.data.attributes.email).toBe(email);
      expect(res.body.included).toHaveLength(1);
      expect(res.cookies[CSRF_COOKIE]).toBeTruthy();
      expect(browser.csrfToken).not.toBe(anonymousToken);
      expect((await browser.get('/api/v1/users/')).status).toBe(200);

      // The old token no longer writes anything.
      expect((await browser.delete('/users/sign_out', undefined, { csrfToken: anonymousToken })).status).toBe(403);
      const out = await browser.delete('/users/sign_out');
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ redirectTo: '/users/sign_in' });
      expect(out.cookies[CSRF_COOKIE]).toBeTruthy();
      expect((await browser.get('/api/v1/users/')).status).toBe(401);
    });

    it('accepts the Devise form encoding', async () => {
      const { email } = await confirmedUser(ctx);
      const browser = ctx.client();
      const res = await browser.postForm('/users/sign_in', {
        utf8: '✓',
        commit: 'Log in',
        'user[email]': email,
        'user[password]': PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.attributes.email).toBe(email);
    });
  });

  describe('password reset', () => {
    it('mails a link whose token sets a new password and logs out every other browser', async () => {
      const { email, client: otherBrowser } = await confirmedUser(ctx);
      const browser = ctx.client();
      expect((await browser.post('/users/password', { user: { email } })).status).toBe(200);
      const mail = await mailTo(ctx, email, 'Reset your Polycue password');
      const link = linkIn(mail, '/users/password/edit?reset_password_token=');
      const token = new URL(link, 'http://x').searchParams.get('reset_password_token')!;

      const mismatch = await browser.put('/users/password', {
        user: { reset_password_token: token, password: 'new password 1', password_confirmation: 'new password 2' },
      });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body).toMatchObject({ code: 'invalid', message: "Password confirmation doesn't match Password" });

      const newPassword = 'a brand new password';
      const res = await browser.put('/users/password', {
        user: { reset_password_token: token, password: newPassword, password_confirmation: newPassword },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.attributes.email).toBe(email);
      expect((await browser.get('/api/v1/users/')).status).toBe(200);
      expect((await otherBrowser.get('/api/v1/users/')).status).toBe(401);

      expect((await signIn(ctx.client(), email, PASSWORD)).status).toBe(401);
      expect((await signIn(ctx.client(), email, newPassword)).status).toBe(200);
      // The token is spent.
      const replay = await ctx.client().put('/users/password', {
        user: { reset_password_token: token, password: newPassword, password_confirmation: newPassword },
      });
      expect(replay.status).toBe(422);
      expect(replay.body).toMatchObject({ code: 'token_invalid', message: 'Reset password token is invalid' });
    });

    it('refuses an expired token', async () => {
      const { email, userId } = await confirmedUser(ctx);
      const browser = ctx.client();
      await browser.post('/users/password', { user: { email } });
      const mail = await mailTo(ctx, email, 'Reset your Polycue password');
      const token = new URL(linkIn(mail, '/users/password/edit?'), 'http://x').searchParams.get(
        'reset_password_token',
      )!;
      await ctx.db.query(`UPDATE users SET reset_password_sent_at = now() - interval '7 hours' WHERE id = $1`, [
        userId,
      ]);
      const res = await browser.put('/users/password', {
        user: {
          reset_password_token: token,
          password: 'whatever password',
          password_confirmation: 'whatever password',
        },
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'token_expired', message: 'Your reset token has expired' });
      expect((await signIn(ctx.client(), email)).status).toBe(200);
    });

    it('answers an unknown e-mail like a known one, without mail', async () => {
      const email = uniqueEmail('ghost');
      const res = await ctx.client().post('/users/password', { user: { email } });
      expect(res.status).toBe(200);
      await ctx.runJobs();
      expect((await ctx.outbox()).some((m) => m.to.includes(email))).toBe(false);
    });
  });
});

describeOnBothDatabases('auth rate limit', { config: { authRateLimitPerMinute: 3 } }, (ctx) => {
  it('slows down password guessing across the auth routes', async () => {
    const browser = ctx.client();
    const email = uniqueEmail();
    for (let i = 0; i < 2; i++) expect((await signIn(browser, email, `guess ${i}`)).status).toBe(401);
    expect((await browser.post('/users/password', { user: { email } })).status).toBe(200);
    const limited = await signIn(browser, email, 'guess 3');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toEqual(expect.any(String));
  });
});

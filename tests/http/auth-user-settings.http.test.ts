import { describe, expect, it } from 'vitest';
import { describeOnBothDatabases } from '../support/test-app';
import { PASSWORD, confirmedUser, linkIn, mailTo, signIn, signUp, tinyPng, uniqueEmail } from './auth-test-helpers';

/** The logged-in user's own data under /api/v1/users/. */
describeOnBothDatabases('auth: the user and their settings', (ctx) => {
  it('is refused without a session', async () => {
    const anonymous = ctx.client();
    expect((await anonymous.get('/api/v1/users/')).status).toBe(401);
    expect((await anonymous.put('/api/v1/users/survey', { survey: { answers: {} } })).status).toBe(401);
  });

  it('returns every user attribute', async () => {
    const { client, userId, accountId, workspaceId } = await confirmedUser(ctx, { name: 'Ada', lastName: 'Lovelace' });
    const me = await client.get('/api/v1/users/');
    expect(me.body.data.id).toBe(userId);
    expect(Object.keys(me.body.data.attributes).sort()).toEqual(
      [
        'name',
        'lastName',
        'email',
        'role',
        'onboardingState',
        'confirmedEmail',
        'relevantAlert',
        'shouldSeeNewsletterPopup',
        'numberOfProjectsSuccessfullyCreated',
        'lastUsedAccountId',
        'lastUsedWorkspaceId',
        'avatarUrl',
        'lastViewedAlertId',
      ].sort(),
    );
    expect(me.body.data.attributes).toMatchObject({
      name: 'Ada',
      lastName: 'Lovelace',
      role: 'user',
      confirmedEmail: true,
      shouldSeeNewsletterPopup: true,
      numberOfProjectsSuccessfullyCreated: 0,
      lastUsedAccountId: accountId,
      lastUsedWorkspaceId: workspaceId,
      avatarUrl: null,
    });
    expect(me.body.included[0]).toMatchObject({
      id: accountId,
      attributes: { role: 'admin', lastUsedWorkspaceId: workspaceId },
    });
  });

  describe('survey', () => {
    it('stores the answers once, marks onboarding processed and sets the cookie', async () => {
      const browser = ctx.client();
      const email = uniqueEmail();
      await signUp(browser, { email });
      const answers = { role: 'Video editor', uses: ['subtitles', 'dubbing'] };
      const res = await browser.put('/api/v1/users/survey', { survey: { answers } });
      expect(res.status).toBe(200);
      expect(res.body.data.attributes.onboardingState).toBe('processed');
      expect(res.cookies.onboarding).toBe('processed');
      const setCookie = ([] as string[])
        .concat(res.headers['set-cookie'] as string | string[])
        .find((c) => c.startsWith('onboarding='))!;
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/HttpOnly/i);
      const { rows } = await ctx.db.query<{ survey_answers: unknown }>(
        'SELECT survey_answers FROM users WHERE email = $1',
        [email],
      );
      expect(rows[0].survey_answers).toEqual(answers);

      const repeat = await browser.put('/api/v1/users/survey', { survey: { answers: { role: 'other' } } });
      expect(repeat.status).toBe(409);
      expect(repeat.body).toMatchObject({
        code: 'already_answered',
        message: 'We have already stored your answers before',
      });
      expect(repeat.cookies.onboarding).toBe('processed');
      const after = await ctx.db.query<{ survey_answers: unknown }>(
        'SELECT survey_answers FROM users WHERE email = $1',
        [email],
      );
      expect(after.rows[0].survey_answers).toEqual(answers);
    });

    it('refuses malformed answers with 400', async () => {
      const browser = ctx.client();
      await signUp(browser, { email: uniqueEmail() });
      expect((await browser.put('/api/v1/users/survey', { survey: { answers: { q: { nested: true } } } })).status).toBe(
        400,
      );
      expect((await browser.put('/api/v1/users/survey', { answers: {} })).status).toBe(400);
    });
  });

  it('shows the newest alert until dismissed, then the next newer one', async () => {
    await ctx.db.query('UPDATE alerts SET active = false');
    const { client } = await confirmedUser(ctx);
    expect((await client.get('/api/v1/users/')).body.data.attributes.relevantAlert).toBeNull();

    await ctx.db.query(`INSERT INTO alerts (message) VALUES ('Older news')`);
    const first = await ctx.db.query<{ id: string }>(
      `INSERT INTO alerts (message, link_label, link_url) VALUES ('Maintenance on Sunday', 'Details', 'https://status.example.com') RETURNING id::text AS id`,
    );
    const shown = (await client.get('/api/v1/users/')).body.data.attributes.relevantAlert;
    expect(shown).toEqual({
      id: first.rows[0].id,
      message: 'Maintenance on Sunday',
      linkLabel: 'Details',
      linkUrl: 'https://status.example.com',
    });

    const dismissed = await client.put('/api/v1/users/set_last_viewed_alert', { alertId: shown.id });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data.attributes).toMatchObject({ relevantAlert: null, lastViewedAlertId: shown.id });
    expect((await client.get('/api/v1/users/')).body.data.attributes.relevantAlert).toBeNull();

    const newer = await ctx.db.query<{ id: string }>(
      `INSERT INTO alerts (message) VALUES ('New voices') RETURNING id::text AS id`,
    );
    expect((await client.get('/api/v1/users/')).body.data.attributes.relevantAlert).toMatchObject({
      id: newer.rows[0].id,
      message: 'New voices',
      linkUrl: null,
    });
    expect((await client.put('/api/v1/users/set_last_viewed_alert', { alertId: 'abc' })).status).toBe(400);
  });

  it('saves the last used account and workspace, refusing foreign ones with 404', async () => {
    const me = await confirmedUser(ctx);
    const other = await confirmedUser(ctx);
    // A second account in which `me` is a member with access to one of two workspaces.
    const account = await ctx.db.query<{ id: string }>(
      `INSERT INTO accounts (name) VALUES ('Team') RETURNING id::text AS id`,
    );
    const teamId = account.rows[0].id;
    const workspaces = await ctx.db.query<{ id: string }>(
      `INSERT INTO workspaces (account_id, name) VALUES ($1, 'Granted'), ($1, 'Hidden') RETURNING id::text AS id`,
      [teamId],
    );
    const [granted, hidden] = workspaces.rows.map((r) => r.id);
    const accountUser = await ctx.db.query<{ id: string }>(
      `INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'member') RETURNING id::text AS id`,
      [teamId, me.userId],
    );
    await ctx.db.query('INSERT INTO workspace_users (workspace_id, account_user_id) VALUES ($1, $2)', [
      granted,
      accountUser.rows[0].id,
    ]);

    const account1 = await me.client.put('/api/v1/users/set_last_used_account', { accountId: teamId });
    expect(account1.status).toBe(200);
    expect(account1.body.data.attributes.lastUsedAccountId).toBe(teamId);
    const foreignAccount = await me.client.put('/api/v1/users/set_last_used_account', { accountId: other.accountId });
    expect(foreignAccount.status).toBe(404);
    expect(foreignAccount.body.message).toBe('Account not found');

    const workspace = await me.client.put('/api/v1/users/set_last_used_workspace', { workspaceId: granted });
    expect(workspace.status).toBe(200);
    expect(workspace.body.data.attributes.lastUsedWorkspaceId).toBe(granted);
    const included = (await me.client.get('/api/v1/users/')).body.included;
    expect(included.find((a: { id: string }) => a.id === teamId).attributes).toMatchObject({
      role: 'member',
      lastUsedWorkspaceId: granted,
    });
    expect(included.find((a: { id: string }) => a.id === me.accountId).attributes.lastUsedWorkspaceId).toBe(
      me.workspaceId,
    );

    expect((await me.client.put('/api/v1/users/set_last_used_workspace', { workspaceId: hidden })).status).toBe(404);
    expect(
      (await me.client.put('/api/v1/users/set_last_used_workspace', { workspaceId: other.workspaceId })).status,
    ).toBe(404);
    expect((await me.client.put('/api/v1/users/set_last_used_workspace', { workspaceId: '99999999999' })).status).toBe(
      404,
    );
    expect((await me.client.get('/api/v1/users/')).body.data.attributes.lastUsedWorkspaceId).toBe(granted);
    expect((await me.client.put('/api/v1/users/set_last_used_workspace', {})).status).toBe(400);
  });

  it('hides the newsletter popup and remembers a subscription', async () => {
    const { client, userId } = await confirmedUser(ctx);
    const res = await client.put('/api/v1/users/reset_should_see_newsletter_popup', { subscribe: true });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.shouldSeeNewsletterPopup).toBe(false);
    const { rows } = await ctx.db.query<{ newsletter_subscribed: boolean }>(
      'SELECT newsletter_subscribed FROM users WHERE id = $1',
      [userId],
    );
    expect(rows[0].newsletter_subscribed).toBe(true);
    expect((await client.put('/api/v1/users/reset_should_see_newsletter_popup', {})).status).toBe(200);
    expect((await client.put('/api/v1/users/reset_should_see_newsletter_popup', { subscribe: 'yes' })).status).toBe(
      400,
    );
  });

  describe('update_profile', () => {
    it('changes names freely', async () => {
      const { client } = await confirmedUser(ctx);
      const res = await client.put('/api/v1/users/update_profile', { user: { name: 'Grace', lastName: 'Hopper' } });
      expect(res.status).toBe(200);
      expect(res.body.data.attributes).toMatchObject({ name: 'Grace', lastName: 'Hopper' });
    });

    it('needs the current password to change the password or the e-mail', async () => {
      const { client, email } = await confirmedUser(ctx);
      for (const user of [
        { password: 'another password', passwordConfirmation: 'another password' },
        { password: 'another password', passwordConfirmation: 'another password', currentPassword: 'wrong password' },
        { email: uniqueEmail('new') },
      ]) {
        const res = await client.put('/api/v1/users/update_profile', { user });
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({
          code: 'current_password_incorrect',
          field: 'currentPassword',
          message: 'Current password is incorrect',
        });
      }
      expect((await signIn(ctx.client(), email)).status).toBe(200);
    });

    it('changes the password, keeping this browser and logging out the others', async () => {
      const { client, email } = await confirmedUser(ctx);
      const elsewhere = ctx.client();
      expect((await signIn(elsewhere, email)).status).toBe(200);
      const res = await client.put('/api/v1/users/update_profile', {
        user: { password: 'another password', passwordConfirmation: 'another password', currentPassword: PASSWORD },
      });
      expect(res.status).toBe(200);
      expect((await client.get('/api/v1/users/')).status).toBe(200);
      expect((await elsewhere.get('/api/v1/users/')).status).toBe(401);
      expect((await signIn(ctx.client(), email)).status).toBe(401);
      expect((await signIn(ctx.client(), email, 'another password')).status).toBe(200);
    });

    it('changes the e-mail only once the link mailed to the new address is opened', async () => {
      const { client, email } = await confirmedUser(ctx);
      const newEmail = uniqueEmail('moved');
      const res = await client.put('/api/v1/users/update_profile', {
        user: { email: newEmail, currentPassword: PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.attributes.email).toBe(email);
      const mail = await mailTo(ctx, newEmail, 'Confirm your new e-mail address');
      const confirm = await client.get(linkIn(mail, '/users/confirmation?'));
      expect(confirm.headers.location).toBe('/');
      expect((await client.get('/api/v1/users/')).body.data.attributes).toMatchObject({
        email: newEmail,
        confirmedEmail: true,
      });
      expect((await signIn(ctx.client(), newEmail)).status).toBe(200);
      expect((await signIn(ctx.client(), email)).status).toBe(401);
    });

    it('refuses a taken or disposable new e-mail', async () => {
      const { client } = await confirmedUser(ctx);
      const other = await confirmedUser(ctx);
      const taken = await client.put('/api/v1/users/update_profile', {
        user: { email: other.email, currentPassword: PASSWORD },
      });
      expect(taken.status).toBe(422);
      expect(taken.body).toMatchObject({ code: 'email_taken', field: 'email' });
      const disposable = await client.put('/api/v1/users/update_profile', {
        user: { email: 'x@mailinator.com', currentPassword: PASSWORD },
      });
      expect(disposable.body).toMatchObject({
        code: 'email_domain_not_permitted',
        message: 'Email domain is not permitted',
      });
      expect((await client.put('/api/v1/users/update_profile', { user: { name: 'x'.repeat(101) } })).status).toBe(400);
    });
  });

  describe('change_avatar', () => {
    it('stores a PNG, serves it at avatarUrl and deletes the previous one', async () => {
      const { client } = await confirmedUser(ctx);
      const png = tinyPng();
      const res = await client.postMultipart('/api/v1/users/change_avatar', {
        files: [{ field: 'avatar', filename: 'me.png', contentType: 'application/octet-stream', content: png }],
      });
      expect(res.status).toBe(200);
      const avatarUrl: string = res.body.data.attributes.avatarUrl;
      expect(avatarUrl).toMatch(/\/avatars\/[^/]+\.png$/);
      // Raw inject: the bytes must come back unchanged.
      const served = await ctx.app.inject({ method: 'GET', url: avatarUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(png)).toBe(true);
      expect((await client.get('/api/v1/users/')).body.data.attributes.avatarUrl).toBe(avatarUrl);

      const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
      const second = await client.postMultipart('/api/v1/users/change_avatar', {
        files: [{ field: 'avatar', filename: 'me.gif', contentType: 'image/gif', content: gif }],
      });
      expect(second.status).toBe(200);
      expect(second.body.data.attributes.avatarUrl).toMatch(/\.gif$/);
      expect((await ctx.client().get(avatarUrl)).status).toBe(404);
    });

    it('refuses a text file named .png and an image over 2 MB', async () => {
      const { client } = await confirmedUser(ctx);
      const text = await client.postMultipart('/api/v1/users/change_avatar', {
        files: [
          { field: 'avatar', filename: 'notes.png', contentType: 'image/png', content: 'just some text, not an image' },
        ],
      });
      expect(text.status).toBe(422);
      expect(text.body).toMatchObject({
        code: 'invalid_image',
        message: 'Image must be a PNG, JPEG, WebP or GIF file',
      });

      const big = Buffer.concat([tinyPng(), Buffer.alloc(3 * 1024 * 1024)]);
      const tooLarge = await client.postMultipart('/api/v1/users/change_avatar', {
        files: [{ field: 'avatar', filename: 'big.png', contentType: 'image/png', content: big }],
      });
      expect(tooLarge.status).toBe(422);
      expect(tooLarge.body).toMatchObject({ code: 'image_too_large', message: 'Image is larger than 2 MB' });
      expect((await client.get('/api/v1/users/')).body.data.attributes.avatarUrl).toBeNull();
    });

    it('answers a request without the avatar field with 400', async () => {
      const { client } = await confirmedUser(ctx);
      expect((await client.post('/api/v1/users/change_avatar', { avatar: 'x' })).status).toBe(400);
      const wrongField = await client.postMultipart('/api/v1/users/change_avatar', {
        files: [{ field: 'picture', filename: 'me.png', contentType: 'image/png', content: tinyPng() }],
      });
      expect(wrongField.status).toBe(400);
    });
  });
});

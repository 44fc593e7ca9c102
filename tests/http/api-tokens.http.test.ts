import { createHash, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { API_TOKENS_PATHS } from '../../plugins/api-tokens/common/api-tokens-contract';
import { ACCOUNTS_PATHS } from '../../plugins/accounts/common/accounts-contract';
import { AUTH_PATHS } from '../../plugins/auth/common/auth-contract';
import { LABELS_PATHS } from '../../plugins/labels/common/labels-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { SUBTITLES_PATHS, SUBTITLES_SERVER_MESSAGES } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { newMember, type Member } from './projects-test-kit';
import { importFile, newSubtitle, newVersion, srtOf } from './subtitles-test-kit';

// Low enough to reach in a test, high enough for every other test's calls with one token.
process.env.API_TOKEN_RATE_LIMIT = '40';

const insertId = async (ctx: TestAppContext, sql: string, params: unknown[]) =>
  (await ctx.db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;

async function accountOf(ctx: TestAppContext, member: Member): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>('SELECT account_id::text AS id FROM workspaces WHERE id = $1', [
    member.workspaceId,
  ]);
  return rows[0].id;
}

/** A second workspace in the member's account (they are its admin, so they may open it). */
async function secondWorkspace(ctx: TestAppContext, accountId: string): Promise<string> {
  return insertId(ctx, `INSERT INTO workspaces (account_id, name) VALUES ($1, 'Second')`, [accountId]);
}

async function createToken(
  ctx: TestAppContext,
  member: Member,
  fields: { scope?: string; workspaceId?: string | null; expiresInDays?: number | null; accountId?: string } = {},
) {
  const accountId = fields.accountId ?? (await accountOf(ctx, member));
  const res = await member.client.post(API_TOKENS_PATHS.tokens, {
    accountId,
    name: 'Script',
    scope: fields.scope ?? 'write',
    workspaceId: fields.workspaceId ?? null,
    expiresInDays: fields.expiresInDays === undefined ? 30 : fields.expiresInDays,
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id as string, token: res.body.data.attributes.token as string, accountId };
}

/** A script: no cookies, no CSRF token, only the Authorization header. */
function bearer(ctx: TestAppContext, token: string) {
  const client = ctx.client({ visit: false });
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (path: string) => client.get(path, { headers }),
    post: (path: string, body?: unknown) => client.post(path, body, { headers, csrfToken: null }),
    put: (path: string, body?: unknown) => client.put(path, body, { headers, csrfToken: null }),
    delete: (path: string, body?: unknown) => client.delete(path, body, { headers, csrfToken: null }),
  };
}

const versionsOf = (workspaceId: string) => `${PROJECTS_PATHS.projectVersions}?workspaceId=${workspaceId}`;

describeOnBothDatabases('API tokens: personal, hashed, scoped bearer access to /api/v1', (ctx) => {
  it('is shown once at creation, stored as its SHA-256 only, and listed with its last use', async () => {
    const member = await newMember(ctx);
    const { id, token, accountId } = await createToken(ctx, member);
    expect(token).toMatch(/^pcu_[A-Za-z0-9_-]{43}$/);

    const { rows } = await ctx.db.query<{ token_hash: string }>('SELECT token_hash FROM api_tokens WHERE id = $1', [
      id,
    ]);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await ctx.db.query('SELECT * FROM api_tokens'))).not.toContain(token);

    const before = await member.client.get(`${API_TOKENS_PATHS.tokens}?accountId=${accountId}`);
    expect(before.body.data).toHaveLength(1);
    expect(before.body.data[0].attributes).toMatchObject({ name: 'Script', scope: 'write', lastUsedAt: null });
    expect(before.body.data[0].attributes.prefix).toBe(token.slice(0, 10));
    expect(before.text).not.toContain(token);

    expect((await bearer(ctx, token).get(versionsOf(member.workspaceId))).status).toBe(200);
    const after = await member.client.get(`${API_TOKENS_PATHS.tokens}?accountId=${accountId}`);
    expect(after.body.data[0].attributes.lastUsedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('acts as its person without CSRF and without a session; a cookie write still needs the CSRF token', async () => {
    const member = await newMember(ctx);
    const { token } = await createToken(ctx, member);
    const sessionsBefore = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions')).rows[0].n;

    const created = await bearer(ctx, token).post(LABELS_PATHS.labels, {
      workspaceId: member.workspaceId,
      caption: 'By script',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.cookies).toEqual({});
    expect(created.headers['set-cookie']).toBeUndefined();
    const sessionsAfter = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions')).rows[0].n;
    expect(sessionsAfter).toBe(sessionsBefore);

    const listed = await bearer(ctx, token).get(`${LABELS_PATHS.labels}?workspaceId=${member.workspaceId}`);
    expect(listed.body.data.map((l: any) => l.attributes.caption)).toEqual(['By script']);

    const cookieWithoutCsrf = await member.client.post(
      LABELS_PATHS.labels,
      { workspaceId: member.workspaceId, caption: 'Forged' },
      { csrfToken: null },
    );
    expect(cookieWithoutCsrf.status).toBe(403);
    expect(cookieWithoutCsrf.body.message).toBe('Invalid authenticity token');
  });

  it('with someone else’s session cookie beside it, the token’s person is the caller, not the cookie’s', async () => {
    const ann = await newMember(ctx);
    const bo = await newMember(ctx);
    const { token } = await createToken(ctx, bo);
    const both = { headers: { authorization: `Bearer ${token}` } };
    expect((await ann.client.get(versionsOf(bo.workspaceId), both)).status).toBe(200);
    expect((await ann.client.get(versionsOf(ann.workspaceId), both)).status).toBe(404);
  });

  it('a read token only reads; write and account administration need their scopes', async () => {
    const member = await newMember(ctx);
    const accountId = await accountOf(ctx, member);
    const read = bearer(ctx, (await createToken(ctx, member, { scope: 'read' })).token);
    expect((await read.get(versionsOf(member.workspaceId))).status).toBe(200);
    const refused = await read.post(LABELS_PATHS.labels, { workspaceId: member.workspaceId, caption: 'No' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This API token can only read: its scope is read');

    const write = bearer(ctx, (await createToken(ctx, member, { scope: 'write' })).token);
    const rename = await write.put(ACCOUNTS_PATHS.renameAccount(accountId), { name: 'Renamed by script' });
    expect(rename.status).toBe(403);
    expect(rename.body.message).toBe('This API token cannot do this: it needs the admin scope');

    const admin = bearer(ctx, (await createToken(ctx, member, { scope: 'admin' })).token);
    expect((await admin.put(ACCOUNTS_PATHS.renameAccount(accountId), { name: 'Renamed by script' })).status).toBe(200);
  });

  it('never reaches another account of its person, nor, when limited, another workspace', async () => {
    const member = await newMember(ctx);
    const accountId = await accountOf(ctx, member);
    // The same person is admin of a second account.
    const otherAccountId = await insertId(ctx, `INSERT INTO accounts (name) VALUES ('Other')`, []);
    const otherWorkspaceId = await insertId(ctx, `INSERT INTO workspaces (account_id, name) VALUES ($1, 'Other W')`, [
      otherAccountId,
    ]);
    const accountUserId = await insertId(
      ctx,
      `INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'admin')`,
      [otherAccountId, member.userId],
    );
    await ctx.db.query(
      `INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, 'account_admin')`,
      [otherWorkspaceId, accountUserId],
    );
    expect((await member.client.get(versionsOf(otherWorkspaceId))).status).toBe(200);

    const whole = bearer(ctx, (await createToken(ctx, member, { scope: 'admin' })).token);
    expect((await whole.get(versionsOf(member.workspaceId))).status).toBe(200);
    expect((await whole.get(versionsOf(otherWorkspaceId))).status).toBe(404);
    expect((await whole.get(ACCOUNTS_PATHS.showWorkspaces(otherAccountId))).status).toBe(404);
    expect((await whole.get(ACCOUNTS_PATHS.showWorkspaces(accountId))).status).toBe(200);

    const second = await secondWorkspace(ctx, accountId);
    const limited = bearer(ctx, (await createToken(ctx, member, { workspaceId: member.workspaceId })).token);
    expect((await limited.get(versionsOf(member.workspaceId))).status).toBe(200);
    expect((await limited.get(versionsOf(second))).status).toBe(404);
    // Account-wide calls would show the other workspaces.
    expect((await limited.get(ACCOUNTS_PATHS.showWorkspaces(accountId))).status).toBe(404);
  });

  it('a revoked, expired or unknown token gets 401, never the cookie’s identity', async () => {
    const member = await newMember(ctx);
    const revoked = await createToken(ctx, member);
    expect((await member.client.delete(API_TOKENS_PATHS.token(revoked.id))).status).toBe(200);
    const res = await bearer(ctx, revoked.token).get(versionsOf(member.workspaceId));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('The API token is invalid, expired or revoked');
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');

    const expired = await createToken(ctx, member, { expiresInDays: 1 });
    await ctx.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    expect((await bearer(ctx, expired.token).get(versionsOf(member.workspaceId))).status).toBe(401);

    const never = await createToken(ctx, member, { expiresInDays: null });
    expect((await bearer(ctx, never.token).get(versionsOf(member.workspaceId))).status).toBe(200);

    // A malformed Bearer header is a 401 too; another scheme is not ours: the browser's cookie decides.
    const malformed = await member.client.get(versionsOf(member.workspaceId), {
      headers: { authorization: 'Bearer two words' },
    });
    expect(malformed.status).toBe(401);
    const basic = await member.client.get(versionsOf(member.workspaceId), { headers: { authorization: 'Basic eDp5' } });
    expect(basic.status).toBe(200);

    const guessed = `pcu_${randomBytes(32).toString('base64url')}`;
    expect((await bearer(ctx, guessed).get(versionsOf(member.workspaceId))).status).toBe(401);
    // With the person's own session cookie too: the bad token wins, no fall-back.
    const both = await member.client.get(versionsOf(member.workspaceId), {
      headers: { authorization: `Bearer ${revoked.token}` },
    });
    expect(both.status).toBe(401);
  });

  it('cannot manage tokens or call user-level routes; only its owner lists and revokes it', async () => {
    const member = await newMember(ctx);
    const { id, token, accountId } = await createToken(ctx, member, { scope: 'admin' });
    const script = bearer(ctx, token);
    const mint = await script.post(API_TOKENS_PATHS.tokens, {
      accountId,
      name: 'Longer',
      scope: 'admin',
      expiresInDays: null,
    });
    expect(mint.status).toBe(403);
    expect((await script.get(`${API_TOKENS_PATHS.tokens}?accountId=${accountId}`)).status).toBe(403);
    expect((await script.delete(API_TOKENS_PATHS.token(id))).status).toBe(403);
    expect((await script.get(AUTH_PATHS.currentUser)).status).toBe(403);

    // A colleague (member of the same account) neither sees nor revokes it.
    const colleague = await newMember(ctx);
    const colleagueAccountUser = await insertId(
      ctx,
      `INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'member')`,
      [accountId, colleague.userId],
    );
    expect(colleagueAccountUser).toBeTruthy();
    const theirs = await colleague.client.get(`${API_TOKENS_PATHS.tokens}?accountId=${accountId}`);
    expect(theirs.body.data).toEqual([]);
    expect((await colleague.client.delete(API_TOKENS_PATHS.token(id))).status).toBe(404);
    // …nor makes an admin token there, not being an admin.
    const adminByMember = await colleague.client.post(API_TOKENS_PATHS.tokens, {
      accountId,
      name: 'x',
      scope: 'admin',
      expiresInDays: 7,
    });
    expect(adminByMember.status).toBe(403);
    expect((await script.get(versionsOf(member.workspaceId))).status).toBe(200);
  });

  it('is ignored on public routes: a share link answers a script sending its token as it answers anyone', async () => {
    const member = await newMember(ctx);
    const { id, token } = await createToken(ctx, member);
    const script = bearer(ctx, token);
    const version = await newVersion(ctx, member, 'Shared by a script');
    const subtitleId = await newSubtitle(member.client, version, 'en');
    await importFile(member.client, version, subtitleId, srtOf(2));
    // The integrator's flow: make the link with the token, then read it with the same header.
    const link = await script.post(SUBTITLES_PATHS.externalTokens(subtitleId), {});
    expect(link.status, link.text).toBe(201);
    const shareToken = String(link.body.externalTokenUrl).split('/share/')[1];

    const facts = await script.get(SUBTITLES_PATHS.shared(shareToken));
    expect(facts.status, facts.text).toBe(200);
    expect(facts.body.data).toMatchObject({ title: 'Shared by a script', language: 'en' });
    const vtt = await script.get(SUBTITLES_PATHS.sharedVtt(shareToken));
    expect(vtt.status, vtt.text).toBe(200);
    expect(vtt.text).toContain('Cue 1');
    const unknown = await script.get(SUBTITLES_PATHS.shared('x'.repeat(43)));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(SUBTITLES_SERVER_MESSAGES.sharedNotFound);

    // Not even looked up there: a revoked token reads the public link as anyone would…
    expect((await member.client.delete(API_TOKENS_PATHS.token(id))).status).toBe(200);
    expect((await script.get(SUBTITLES_PATHS.shared(shareToken))).status).toBe(200);
    // …and stays refused everywhere else.
    expect((await script.get(versionsOf(member.workspaceId))).status).toBe(401);
  });

  it('refuses a blank name and a workspace outside the account with a clear 422', async () => {
    const member = await newMember(ctx);
    const accountId = await accountOf(ctx, member);
    const other = await newMember(ctx);
    const blank = await member.client.post(API_TOKENS_PATHS.tokens, {
      accountId,
      name: '  ',
      scope: 'read',
      expiresInDays: 7,
    });
    expect(blank.body).toMatchObject({ statusCode: 422, message: "Name can't be blank", field: 'name' });
    const foreign = await member.client.post(API_TOKENS_PATHS.tokens, {
      accountId,
      name: 'x',
      scope: 'read',
      workspaceId: other.workspaceId,
      expiresInDays: 7,
    });
    expect(foreign.body).toMatchObject({ statusCode: 422, message: 'Workspace not found', field: 'workspaceId' });
  });

  it('tells a script which token it holds (account, workspace, scope, whose), and only a token', async () => {
    const member = await newMember(ctx);
    const { id, token, accountId } = await createToken(ctx, member, { scope: 'read', workspaceId: member.workspaceId });
    const current = await bearer(ctx, token).get(API_TOKENS_PATHS.current);
    expect(current.status, current.text).toBe(200);
    expect(current.body.data).toMatchObject({
      id,
      attributes: { accountId, workspaceId: member.workspaceId, scope: 'read', name: 'Script' },
    });
    const { rows } = await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [member.userId]);
    expect(current.body.meta.user.email).toBe(rows[0].email);
    expect(JSON.stringify(current.body)).not.toContain(token);
    // A browser session is no token; a revoked token is nothing.
    expect((await member.client.get(API_TOKENS_PATHS.current)).status).toBe(401);
    await member.client.delete(API_TOKENS_PATHS.token(id));
    expect((await bearer(ctx, token).get(API_TOKENS_PATHS.current)).status).toBe(401);
  });

  it('tus uploads take a token, narrowed to its account and workspace like every route (the CLI uploads this way)', async () => {
    const member = await newMember(ctx);
    const accountId = await accountOf(ctx, member);
    const hidden = await secondWorkspace(ctx, accountId);
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const create = (token: string, workspaceId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: PROJECTS_PATHS.uploads,
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-length': '1000',
          'upload-metadata': `workspaceId ${b64(workspaceId)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
        },
      });
    const limited = await createToken(ctx, member, { workspaceId: member.workspaceId });
    const created = await create(limited.token, member.workspaceId);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.location).toMatch(/uploads\//);
    // Its continuation (HEAD) by the same token works; the other workspace of the account is not there.
    const offset = await ctx.app.inject({
      method: 'HEAD',
      url: new URL(String(created.headers.location), 'http://x').pathname,
      headers: { authorization: `Bearer ${limited.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(offset.statusCode).toBe(200);
    expect((await create(limited.token, hidden)).statusCode).toBe(404);
    // A stranger's token: another account's workspace looks missing; a read token may not write.
    const stranger = await newMember(ctx);
    const strangers = await createToken(ctx, stranger);
    expect((await create(strangers.token, member.workspaceId)).statusCode).toBe(404);
    const reader = await createToken(ctx, member, { scope: 'read' });
    expect((await create(reader.token, member.workspaceId)).statusCode).toBe(403);
  });

  it('is rate limited per token with RateLimit-* headers', async () => {
    const member = await newMember(ctx);
    const one = bearer(ctx, (await createToken(ctx, member)).token);
    const other = bearer(ctx, (await createToken(ctx, member)).token);
    const first = await one.get(versionsOf(member.workspaceId));
    expect(first.headers['ratelimit-limit']).toBe('40');
    expect(first.headers['ratelimit-remaining']).toBe('39');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    let last = first;
    for (let i = 0; i < 40; i++) last = await one.get(versionsOf(member.workspaceId));
    expect(last.status).toBe(429);
    expect(last.headers['ratelimit-remaining']).toBe('0');
    expect(last.headers['retry-after']).toBeDefined();
    // Another token of the same person has its own budget.
    expect((await other.get(versionsOf(member.workspaceId))).status).toBe(200);
  });
});

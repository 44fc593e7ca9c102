import path from 'node:path';
import { expect, it } from 'vitest';
import { serverPlugins } from '../../server/plugins';
import type { Queryable } from '../../server/db/database';
import { eraseDueAccounts, type ErasureContext } from '../../plugins/data-rights/server/account-erasure';
import { DATA_RIGHTS_PATHS } from '../../plugins/data-rights/common/data-rights-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { rowsOfAccount, storedKeys } from './account-data-kit';
import { loadIsolationFixtures } from './isolation-sweep-fixtures';
import { clientFor, seedTenants, type SweepSeed } from './isolation-sweep-support';

const DAY = 86_400_000;

const erasureContext = (ctx: TestAppContext): ErasureContext => ({
  db: ctx.db,
  storage: ctx.app.storage,
  extensions: ctx.app.extensions,
  events: ctx.app.events,
  log: { info: () => {}, error: () => {} },
  accountData: ctx.app.accountData,
});

/** Every row of every table of the public schema, as text: what a sweep for an account's traces reads. */
async function everyRow(db: Queryable): Promise<{ table: string; text: string }[]> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const all: { table: string; text: string }[] = [];
  for (const { name } of tables) {
    const { rows } = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`);
    all.push(...rows.map((r) => ({ table: name, text: r.row })));
  }
  return all;
}

async function seedTwo(ctx: TestAppContext): Promise<[SweepSeed, SweepSeed]> {
  const fixtures = await loadIsolationFixtures(new Set(serverPlugins.map((plugin) => plugin.id)));
  const seeds: [SweepSeed, SweepSeed] = [
    await seedTenants(ctx.db, fixtures, ctx.app.storage),
    await seedTenants(ctx.db, fixtures, ctx.app.storage),
  ];
  // The isolation fixtures seed a pending deletion (for the sweep's routes); these tests ask for their own.
  await ctx.db.query('DELETE FROM data_rights_deletions WHERE account_id = ANY($1::bigint[])', [
    seeds.map((seed) => seed.accountId),
  ]);
  return seeds;
}

const undoTokenOf = (text: string) => /token=([\w-]+)/.exec(text)![1];

describeOnBothDatabases('data rights: deleting an account', (ctx) => {
  it('erases every row and stored file of the account after 14 days, keeps only that it happened, and leaves the other account untouched', async () => {
    const [gone, kept] = await seedTwo(ctx);
    const registry = ctx.app.accountData;
    const filesDir = path.join(ctx.config.dataDir, 'files');
    const admin = await clientFor(ctx, gone.ownerUserId);

    // The account's name is the confirmation.
    const wrong = await admin.post(DATA_RIGHTS_PATHS.deletions, { accountId: gone.accountId, confirm: 'nope' });
    expect(wrong.status).toBe(422);
    expect((wrong.body as { message: string }).message).toMatch(/Type the account’s name/);
    const member = await clientFor(ctx, gone.memberUserId);
    const name = `${gone.ownerTag} Account`;
    expect((await member.post(DATA_RIGHTS_PATHS.deletions, { accountId: gone.accountId, confirm: name })).status).toBe(
      403,
    );

    // Asked for, undone by the mailed link, asked for again.
    const asked = await admin.post(DATA_RIGHTS_PATHS.deletions, { accountId: gone.accountId, confirm: name });
    expect(asked.status, asked.text).toBe(202);
    const first = await ctx.waitForMail((m) => m.subject.startsWith(`The account “${name}” will be deleted`));
    const anonymous = ctx.client();
    const undone = await anonymous.post(DATA_RIGHTS_PATHS.undo, { token: undoTokenOf(first.text) });
    expect(undone.status, undone.text).toBe(200);
    expect((await anonymous.post(DATA_RIGHTS_PATHS.undo, { token: undoTokenOf(first.text) })).status).toBe(404);
    expect((await admin.get(`${DATA_RIGHTS_PATHS.deletions}?accountId=${gone.accountId}`)).body).toEqual({
      data: null,
    });
    expect((await admin.post(DATA_RIGHTS_PATHS.deletions, { accountId: gone.accountId, confirm: name })).status).toBe(
      202,
    );
    await ctx.runJobs();

    // An upload still in progress: its part is a file of the account too.
    const uploadId = `sweep${gone.accountId}upload`;
    await ctx.db.query(`INSERT INTO tus_uploads (id, size, metadata, parts) VALUES ($1, 10, $2, $3)`, [
      uploadId,
      JSON.stringify({ workspaceId: gone.hiddenWorkspaceId }),
      ['0-abc'],
    ]);
    await ctx.app.storage.put(`uploads/${uploadId}/0-abc`, Buffer.from('part'), 'application/octet-stream');

    const goneRows = await rowsOfAccount(ctx.db, registry, gone.accountId);
    const keptRows = await rowsOfAccount(ctx.db, registry, kept.accountId);
    const goneKeys = await registry.keysOfAccount({ db: ctx.db, extensions: ctx.app.extensions }, gone.accountId);
    const keysBefore = await storedKeys(filesDir);
    expect(goneKeys.filter((key) => keysBefore.includes(key)).length).toBeGreaterThan(0);
    expect(goneKeys).toContain(`uploads/${uploadId}/0-abc`);
    const keptKeys = keysBefore.filter((key) => !goneKeys.includes(key));

    // Day 13: nothing happens yet.
    expect(await eraseDueAccounts(erasureContext(ctx), new Date(Date.now() + 13 * DAY))).toEqual([]);
    expect((await rowsOfAccount(ctx.db, registry, gone.accountId)).accounts).toHaveLength(1);
    // Day 15: erased.
    expect(await eraseDueAccounts(erasureContext(ctx), new Date(Date.now() + 15 * DAY))).toEqual([gone.accountId]);
    await ctx.runJobs();

    // No declared row of it is left (the people stay: they may belong to other accounts) …
    const after = await everyRow(ctx.db);
    for (const { table, spec } of registry.tables()) {
      if (!spec.ofAccount || spec.outlivesAccount) continue;
      const left = after.filter((r) => r.table === table && goneRows[table].includes(r.text));
      expect(left, `${table} still holds rows of the erased account`).toEqual([]);
    }
    // … and no row anywhere carries its workspace's sentinel, but the records that it happened.
    // A person's own rows (a passkey the sweep's fixture names after the workspace) stay with the person.
    const personal = new Set(
      registry
        .tables()
        .filter(({ spec }) => !spec.ofAccount && spec.ofUser)
        .map(({ table }) => table),
    );
    const traces = after.filter(
      (r) => !personal.has(r.table) && (r.text.includes(gone.hiddenTag) || r.text.includes(`${gone.ownerTag} Account`)),
    );
    expect(traces).toEqual([]);
    const { rows: records } = await ctx.db.query<{ action: string; actor_email: string | null; ip: string | null }>(
      'SELECT action, actor_email, ip FROM audit_entries WHERE account_id = $1',
      [gone.accountId],
    );
    expect(records).toEqual([{ action: 'data-rights.accountErased', actor_email: null, ip: null }]);

    // Every stored file of it is gone from Storage; every other file is still there.
    const keysAfter = await storedKeys(filesDir);
    expect(keysAfter.filter((key) => goneKeys.includes(key))).toEqual([]);
    expect(keysAfter).toEqual(expect.arrayContaining(keptKeys));

    // The other account is untouched, row for row.
    expect(await rowsOfAccount(ctx.db, registry, kept.accountId)).toEqual(keptRows);
  }, 120_000);

  it('an admin keeps the account before the grace period ends', async () => {
    const [seed] = await seedTwo(ctx);
    const admin = await clientFor(ctx, seed.ownerUserId);
    const name = `${seed.ownerTag} Account`;
    expect((await admin.delete(DATA_RIGHTS_PATHS.deletion(seed.accountId))).status).toBe(404);
    const asked = await admin.post(DATA_RIGHTS_PATHS.deletions, { accountId: seed.accountId, confirm: name });
    expect(asked.status).toBe(202);
    // Asked again: the same pending deletion, not a later day.
    const again = await admin.post(DATA_RIGHTS_PATHS.deletions, { accountId: seed.accountId, confirm: name });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(asked.body);
    expect((await admin.delete(DATA_RIGHTS_PATHS.deletion(seed.accountId))).status).toBe(200);
    expect(await eraseDueAccounts(erasureContext(ctx), new Date(Date.now() + 30 * DAY))).toEqual([]);
    const { rows } = await ctx.db.query('SELECT 1 FROM accounts WHERE id = $1', [seed.accountId]);
    expect(rows).toHaveLength(1);
  }, 60_000);
});

describeOnBothDatabases('data rights: deleting one’s own user', (ctx) => {
  it('is refused to the only admin of an account others are in, until handed over; then the user and their own data go', async () => {
    const fixtures = await loadIsolationFixtures(new Set(['projects']));
    const seed = await seedTenants(ctx.db, fixtures, ctx.app.storage);
    const owner = await clientFor(ctx, seed.ownerUserId);
    const email = `${seed.ownerTag}.owner@example.com`;

    expect((await owner.delete(DATA_RIGHTS_PATHS.ownUser, { confirm: 'someone@else.example' })).status).toBe(422);
    const refused = await owner.delete(DATA_RIGHTS_PATHS.ownUser, { confirm: email });
    expect(refused.status).toBe(422);
    expect((refused.body as { message: string }).message).toBe(
      `You are the only admin of “${seed.ownerTag} Account”, which other people belong to: make one of them an admin first (Account settings → Members), or delete the account.`,
    );

    // Handed over: the colleague becomes an admin; the owner may go, the account stays with its work.
    await ctx.db.query(`UPDATE account_users SET role = 'admin' WHERE id = $1`, [seed.colleagueAccountUserId]);
    const deleted = await owner.delete(DATA_RIGHTS_PATHS.ownUser, { confirm: email.toUpperCase() });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await ctx.db.query('SELECT 1 FROM users WHERE id = $1', [seed.ownerUserId])).rows).toHaveLength(0);
    expect((await ctx.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [seed.ownerUserId])).rows).toHaveLength(0);
    expect((await ctx.db.query('SELECT 1 FROM accounts WHERE id = $1', [seed.accountId])).rows).toHaveLength(1);
    expect((await owner.get('/api/v1/users/')).status).toBe(401);

    // The stranger is alone in their account: it is erased with them.
    const stranger = await clientFor(ctx, seed.strangerUserId);
    expect(
      (await stranger.delete(DATA_RIGHTS_PATHS.ownUser, { confirm: (await emailOf(ctx.db, seed.strangerUserId))! }))
        .status,
    ).toBe(200);
    expect((await ctx.db.query('SELECT 1 FROM accounts WHERE id = $1', [seed.strangerAccountId])).rows).toHaveLength(0);
  }, 60_000);

  it('takes the copies of their mails the outbox kept with them; the goodbye and other people’s mails stay', async () => {
    const fixtures = await loadIsolationFixtures(new Set(['projects']));
    const seed = await seedTenants(ctx.db, fixtures, ctx.app.storage);
    const leaving = (await emailOf(ctx.db, seed.strangerUserId))!;
    const staying = `${seed.ownerTag}.owner@example.com`;
    const anonymous = ctx.client();
    for (const email of [leaving.toUpperCase(), staying])
      expect((await anonymous.post('/users/password', { user: { email } })).status).toBe(200);
    await ctx.runJobs();
    const subjectsTo = async (email: string) =>
      (await ctx.outbox()).filter((mail) => mail.to.toLowerCase() === email.toLowerCase()).map((mail) => mail.subject);
    expect(await subjectsTo(leaving)).toContain('Reset your Polycue password');

    const stranger = await clientFor(ctx, seed.strangerUserId);
    expect((await stranger.delete(DATA_RIGHTS_PATHS.ownUser, { confirm: leaving })).status).toBe(200);
    await ctx.runJobs();
    expect(await subjectsTo(leaving)).toEqual(['Your Polycue user was deleted']);
    expect(await subjectsTo(staying)).toContain('Reset your Polycue password');
  }, 60_000);
});

async function emailOf(db: Queryable, userId: string): Promise<string | undefined> {
  return (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId])).rows[0]?.email;
}

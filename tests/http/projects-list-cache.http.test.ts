import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { LABELS_PATHS } from '../../plugins/labels/common/labels-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { buildApp } from '../../server/app';
import { PgDatabase } from '../../server/db/pg-database';
import { compactWorkspaceChangesJob } from '../../server/identity/workspace-revision';
import { serverPlugins } from '../../server/plugins';
import { describeOnBothDatabases } from '../support/test-app';
import { TestClient } from '../support/test-client';
import { clientFor } from './isolation-sweep-support';
import { newMember, seedVersions, type Member } from './projects-test-kit';

/**
 * The project-version list keeps pages in memory under the workspace revision (see
 * server/identity/workspace-revision.ts). These tests prove both halves: a repeated request
 * really is answered from memory, and every change the list shows — through the API, a job or
 * plain SQL, in this process or another — is on the very next answer.
 */
const listPath = (member: Member, query = 'page=1') =>
  `${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}&${query}`;
const rowsOf = (res: { body: any }) =>
  res.body.data.map((v: any) => ({
    title: v.attributes.title,
    labels: v.attributes.labels.map((l: any) => l.caption),
  }));

describeOnBothDatabases('project-version list pages kept in memory under the workspace revision', (ctx) => {
  it('answers a repeated request from memory: a change made with the revision triggers off is not seen until the revision moves', async () => {
    const member = await newMember(ctx);
    const [newest] = await seedVersions(ctx.db, member.workspaceId, 3, 'Clip');
    const first = await member.client.get(listPath(member));
    expect(rowsOf(first).map((r: any) => r.title)).toEqual(['Clip 3', 'Clip 2', 'Clip 1']);

    // A change the triggers do not see (only possible by switching them off) stays invisible...
    await ctx.db.query('ALTER TABLE project_versions DISABLE TRIGGER project_versions_workspace_change_update');
    try {
      await ctx.db.query(`UPDATE project_versions SET title = 'Renamed behind the cache' WHERE id = $1`, [newest]);
    } finally {
      await ctx.db.query('ALTER TABLE project_versions ENABLE TRIGGER project_versions_workspace_change_update');
    }
    const cached = await member.client.get(listPath(member));
    expect(cached.text).toBe(first.text);
    // ...a fresh query (another search) sees the row as it is...
    expect(rowsOf(await member.client.get(listPath(member, 'page=1&search=renamed'))).map((r: any) => r.title)).toEqual(
      ['Renamed behind the cache'],
    );

    // ...and any change that moves the revision makes the repeated request fresh again.
    await ctx.db.query(`UPDATE project_versions SET duration_ms = 5000 WHERE id = $1`, [newest]);
    const fresh = await member.client.get(listPath(member));
    expect(rowsOf(fresh)[0]).toEqual({ title: 'Renamed behind the cache', labels: [] });
    expect(fresh.body.data[0].attributes.duration).toBe(5);
  });

  it('shows every change on the next request: labels assigned, renamed, removed and deleted; versions created, deleted; elements ready', async () => {
    const member = await newMember(ctx);
    const ids = await seedVersions(ctx.db, member.workspaceId, 2, 'Take');
    const again = async () => rowsOf(await member.client.get(listPath(member)));
    expect(await again()).toEqual([
      { title: 'Take 2', labels: [] },
      { title: 'Take 1', labels: [] },
    ]);

    const label = (
      await member.client.post(LABELS_PATHS.labels, { workspaceId: member.workspaceId, caption: 'Rough cut' })
    ).body.data;
    await member.client.post(LABELS_PATHS.projectVersionLabels, {
      labelId: label.id,
      selectedProjectVersionIds: [ids[0]],
    });
    expect((await again())[0]).toEqual({ title: 'Take 2', labels: ['Rough cut'] });
    // The label filter, asked twice, follows the label too.
    expect(
      rowsOf(await member.client.get(listPath(member, `page=1&labels=${label.id}`))).map((r: any) => r.title),
    ).toEqual(['Take 2']);

    await member.client.put(LABELS_PATHS.label(label.id), { caption: 'Final cut' });
    expect((await again())[0].labels).toEqual(['Final cut']);

    await member.client.delete(LABELS_PATHS.projectVersionLabels, {
      labelId: label.id,
      selectedProjectVersionIds: [ids[0]],
    });
    expect((await again())[0].labels).toEqual([]);
    await member.client.post(LABELS_PATHS.projectVersionLabels, { labelId: label.id, selectedProjectVersionIds: ids });
    expect(rowsOf(await member.client.get(listPath(member, `page=1&labels=${label.id}`)))).toHaveLength(2);
    await member.client.delete(LABELS_PATHS.label(label.id));
    expect((await again()).map((r: any) => r.labels)).toEqual([[], []]);
    expect(rowsOf(await member.client.get(listPath(member, `page=1&labels=${label.id}`)))).toEqual([]);

    const created = await member.client.post(PROJECTS_PATHS.projects, {
      workspaceId: member.workspaceId,
      title: 'Take 3',
    });
    expect((await again()).map((r: any) => r.title)).toEqual(['Take 3', 'Take 2', 'Take 1']);
    await member.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
      workspaceId: member.workspaceId,
      projectVersionIds: [created.body.data[0].id, ids[1]],
    });
    expect((await again()).map((r: any) => r.title)).toEqual(['Take 2']);

    // An element finishing its download (a job's write) shows in the row that uses it.
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO elements (workspace_id, title, state) VALUES ($1, 'clip.mp4', 'downloading') RETURNING id::text AS id`,
      [member.workspaceId],
    );
    await ctx.db.query('UPDATE project_versions SET element_id = $2 WHERE id = $1', [ids[0], rows[0].id]);
    expect((await member.client.get(listPath(member))).body.data[0].attributes.elementState).toBe('downloading');
    await ctx.db.query(`UPDATE elements SET state = 'ready' WHERE id = $1`, [rows[0].id]);
    expect((await member.client.get(listPath(member))).body.data[0].attributes.elementState).toBe('ready');
  });

  it('tags each page: the same tag answers 304 without a body until something changes; another member without access still gets 404', async () => {
    const member = await newMember(ctx);
    const stranger = await newMember(ctx);
    const [id] = await seedVersions(ctx.db, member.workspaceId, 2, 'Tagged');
    const first = await member.client.get(listPath(member));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const unchanged = await member.client.get(listPath(member), { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    // Another query of the same workspace has its own tag.
    expect(
      (await member.client.get(listPath(member, 'page=1&search=tagged'), { headers: { 'if-none-match': etag } }))
        .status,
    ).toBe(200);
    // The tag never lets someone without access in.
    expect((await stranger.client.get(listPath(member), { headers: { 'if-none-match': etag } })).status).toBe(404);

    await ctx.db.query(`UPDATE project_versions SET title = 'Tagged and renamed' WHERE id = $1`, [id]);
    const changed = await member.client.get(listPath(member), { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(rowsOf(changed)[0].title).toBe('Tagged and renamed');
  });

  it('sends a page gzipped to a client that accepts it (the same JSON once unzipped), and as is to one that does not', async () => {
    const member = await newMember(ctx);
    await seedVersions(ctx.db, member.workspaceId, 50, 'A fairly long title for a compressible page');
    const ask = (acceptEncoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: listPath(member),
        headers: {
          cookie: [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(50);
    for (let round = 0; round < 2; round++) {
      // The second round is answered from memory, compressed bytes included.
      const zipped = await ask('gzip, deflate, br');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    }
    expect((await ask('gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
  });

  it('checks access on every request, with the session read: a grant opens the list on the next request, a revocation closes it', async () => {
    const owner = await newMember(ctx);
    await seedVersions(ctx.db, owner.workspaceId, 2, 'Shared page');
    expect((await owner.client.get(listPath(owner))).status).toBe(200); // the page is now kept
    const { rows: users } = await ctx.db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ($1, 'x', 'Colleague', now(), 'processed') RETURNING id::text AS id`,
      [`colleague.${Date.now()}.${ctx.kind}@example.com`],
    );
    const { rows: accountUsers } = await ctx.db.query<{ id: string }>(
      `INSERT INTO account_users (account_id, user_id, role) SELECT account_id, $2, 'member' FROM workspaces WHERE id = $1 RETURNING id::text AS id`,
      [owner.workspaceId, users[0].id],
    );
    const colleague = await clientFor(ctx, users[0].id);
    const asColleague = () => colleague.get(listPath(owner));

    const before = await asColleague();
    expect(before.status).toBe(404);
    expect(before.text).not.toContain('Shared page');
    await ctx.db.query(
      `INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, 'member')`,
      [owner.workspaceId, accountUsers[0].id],
    );
    expect(rowsOf(await asColleague()).map((r: any) => r.title)).toEqual(['Shared page 2', 'Shared page 1']);
    await ctx.db.query('DELETE FROM workspace_users WHERE account_user_id = $1', [accountUsers[0].id]);
    expect((await asColleague()).status).toBe(404);
    // The same session on a route naming the workspace elsewhere is checked the same way.
    expect(
      (
        await colleague.post(PROJECTS_PATHS.projectVersionUpdates, {
          workspaceId: owner.workspaceId,
          projectVersionIds: ['1'],
        })
      ).status,
    ).toBe(404);
  });

  it('never lets one workspace see a page kept for another, nor a member without access see it', async () => {
    const owner = await newMember(ctx);
    const stranger = await newMember(ctx);
    await seedVersions(ctx.db, owner.workspaceId, 2, 'Private');
    expect((await owner.client.get(listPath(owner))).body.data).toHaveLength(2);
    const foreign = await stranger.client.get(listPath(owner));
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Private');
    expect((await stranger.client.get(listPath(stranger))).body.data).toEqual([]);
  });

  it('folds many change rows into one without moving the revision (a cached page stays valid, a new change still shows)', async () => {
    const member = await newMember(ctx);
    const [id] = await seedVersions(ctx.db, member.workspaceId, 1, 'Folded');
    for (let i = 0; i < 70; i++)
      await ctx.db.query('UPDATE project_versions SET duration_ms = $2 WHERE id = $1', [id, i * 1000]);
    const revision = async () =>
      (
        await ctx.db.query<{ sum: string; n: number }>(
          'SELECT coalesce(sum(weight), 0)::text AS sum, count(*)::int AS n FROM workspace_changes WHERE workspace_id = $1',
          [member.workspaceId],
        )
      ).rows[0];
    const before = await revision();
    expect(before.n).toBeGreaterThan(64);
    await member.client.get(listPath(member)); // the read notices and folds in the background
    let after = await revision();
    for (let tries = 0; after.n > 1 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await revision();
    }
    expect(after).toEqual({ sum: before.sum, n: 1 });
    await ctx.db.query(`UPDATE project_versions SET title = 'Folded and renamed' WHERE id = $1`, [id]);
    expect(rowsOf(await member.client.get(listPath(member)))[0].title).toBe('Folded and renamed');
  });

  it('folds the rows of workspaces nobody opens in a job pg-boss sends every 10 minutes, keeping each revision', async () => {
    const busy = await newMember(ctx);
    const quiet = await newMember(ctx);
    const [id] = await seedVersions(ctx.db, busy.workspaceId, 1, 'Busy');
    await seedVersions(ctx.db, quiet.workspaceId, 1, 'Quiet');
    for (let i = 0; i < 70; i++)
      await ctx.db.query('UPDATE project_versions SET duration_ms = $2 WHERE id = $1', [id, i]);
    const revision = async (workspaceId: string) =>
      (
        await ctx.db.query<{ sum: string; n: number }>(
          'SELECT coalesce(sum(weight), 0)::text AS sum, count(*)::int AS n FROM workspace_changes WHERE workspace_id = $1',
          [workspaceId],
        )
      ).rows[0];
    const [busyBefore, quietBefore] = [await revision(busy.workspaceId), await revision(quiet.workspaceId)];

    await compactWorkspaceChangesJob.handler({}, { db: ctx.db, log: { info() {}, error() {} } } as never);
    expect(await revision(busy.workspaceId)).toEqual({ sum: busyBefore.sum, n: 1 });
    expect(await revision(quiet.workspaceId)).toEqual(quietBefore); // few rows: left alone
    const { rows } = await ctx.db.query<{ cron: string }>(
      `SELECT cron FROM pgboss.schedule WHERE name = 'workspace.compactChanges'`,
    );
    expect(rows).toEqual([{ cron: '*/10 * * * *' }]);
  });

  describe('several web processes on one database', () => {
    let second: FastifyInstance | null = null;
    let secondDb: PgDatabase | null = null;
    afterAll(async () => {
      await second?.close();
      await secondDb?.close();
    });

    it('a change made through another process is on this process’s next answer', async ({ skip }) => {
      if (ctx.kind !== 'postgres') skip(); // PGlite is in-process: one app per database
      const member = await newMember(ctx);
      await seedVersions(ctx.db, member.workspaceId, 1, 'Shared');
      secondDb = new PgDatabase((ctx.db as PgDatabase).connectionString, { max: 2 });
      second = await buildApp({
        config: { ...ctx.config, role: 'web' },
        db: secondDb,
        plugins: serverPlugins,
        logger: false,
      });
      await second.ready();
      const other = new TestClient(second, { visit: false });
      for (const [name, value] of member.client.cookies) other.cookies.set(name, value);
      other.csrfToken = member.client.csrfToken;

      expect(rowsOf(await member.client.get(listPath(member)))).toEqual([{ title: 'Shared 1', labels: [] }]);
      const label = await other.post(LABELS_PATHS.labels, {
        workspaceId: member.workspaceId,
        caption: 'From the other process',
      });
      expect(label.status).toBe(201);
      await other.post(PROJECTS_PATHS.projects, { workspaceId: member.workspaceId, title: 'Made elsewhere' });
      expect(rowsOf(await member.client.get(listPath(member))).map((r: any) => r.title)).toEqual([
        'Made elsewhere',
        'Shared 1',
      ]);
    });
  });
});

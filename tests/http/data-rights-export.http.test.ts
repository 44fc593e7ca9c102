import { expect, it } from 'vitest';
import { serverPlugins } from '../../server/plugins';
import { expireAccountExports } from '../../plugins/data-rights/server/expire-exports-job';
import { DATA_RIGHTS_PATHS, type AccountExportResource } from '../../plugins/data-rights/common/data-rights-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { rowsOfAccount } from './account-data-kit';
import { loadIsolationFixtures } from './isolation-sweep-fixtures';
import { clientFor, seedTenants } from './isolation-sweep-support';
import { getBinary, unzip } from './subtitles-test-kit';

/** Rows the test's own calls change between the zip and the comparison: compared by id only. */
const MOVING = new Set(['data_rights_exports', 'users']);
const idOf = (row: string) => String((JSON.parse(row) as { id?: unknown }).id);

describeOnBothDatabases('data rights: an account export', (ctx) => {
  it('writes one zip holding every declared table of the account, its subtitles as SRT and WebVTT and its files, none of another account', async () => {
    const fixtures = await loadIsolationFixtures(new Set(serverPlugins.map((plugin) => plugin.id)));
    const mine = await seedTenants(ctx.db, fixtures, ctx.app.storage);
    const other = await seedTenants(ctx.db, fixtures, ctx.app.storage);
    const admin = await clientFor(ctx, mine.ownerUserId);

    const asked = await admin.post(DATA_RIGHTS_PATHS.exports, { accountId: mine.accountId, includeMedia: true });
    expect(asked.status, asked.text).toBe(202);
    const id = (asked.body as { data: AccountExportResource }).data.id;
    const again = await admin.post(DATA_RIGHTS_PATHS.exports, { accountId: mine.accountId });
    expect([409, 202]).toContain(again.status); // 202 only if the first was already made
    await ctx.runJobs();

    const followed = (await admin.get(DATA_RIGHTS_PATHS.export(id))).body as { data: AccountExportResource };
    expect(followed.data.attributes).toMatchObject({ state: 'done', progress: 1 });
    expect(followed.data.attributes.downloadUrl).toBe(DATA_RIGHTS_PATHS.download(id));
    const mail = await ctx.waitForMail((m) => m.subject === 'Your account export is ready');
    expect(mail.to).toContain(`${mine.ownerTag}.owner@example.com`);

    const zip = await getBinary(ctx, admin, DATA_RIGHTS_PATHS.download(id));
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await unzip(zip.body);
    const text = [...entries.values()].map((b) => b.toString('utf8')).join('\n');

    const registry = ctx.app.accountData;
    const expected = await rowsOfAccount(ctx.db, registry, mine.accountId);
    const foreign = await rowsOfAccount(ctx.db, registry, other.accountId);
    let tablesWithRows = 0;
    for (const { table, spec } of registry.tables().filter((t) => t.spec.ofAccount)) {
      const entry = entries.get(`tables/${table}.json`);
      expect(entry, `tables/${table}.json`).toBeDefined();
      const exported = (JSON.parse(entry!.toString('utf8')) as Record<string, unknown>[]).map((row) =>
        JSON.stringify(row),
      );
      const secret = new Set(spec.secretColumns ?? []);
      const strip = (row: string) =>
        JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(row) as object).filter(([k]) => !secret.has(k))));
      const want = expected[table].map(strip);
      if (want.length) tablesWithRows++;
      if (MOVING.has(table)) expect(exported.map(idOf).sort(), table).toEqual(want.map(idOf).sort());
      else expect(exported.sort(), table).toEqual(want.sort());
      for (const row of foreign[table].map(strip))
        expect(exported, `${table}: another account's row`).not.toContain(row);
      for (const column of secret) expect(entry!.toString('utf8'), `${table}.${column}`).not.toContain(`"${column}"`);
    }
    expect(tablesWithRows).toBeGreaterThanOrEqual(15);
    expect(text).toContain(mine.hiddenTag);
    expect(text).not.toContain(other.ownerTag);

    const names = [...entries.keys()];
    const srt = names.filter((n) => n.startsWith('subtitles/') && n.endsWith('.srt'));
    expect(srt.length).toBeGreaterThan(0);
    expect(names).toContain(srt[0].replace(/\.srt$/, '.vtt'));
    expect(entries.get(srt[0].replace(/\.srt$/, '.vtt'))!.toString('utf8')).toMatch(/^WEBVTT/);
    expect(entries.get(srt[0])!.toString('utf8')).toMatch(/-->/);
    expect(names.some((n) => n.startsWith(`files/elements/${mine.hiddenWorkspaceId}/`))).toBe(true);
    expect(names.some((n) => n.includes(`/${other.hiddenWorkspaceId}/`))).toBe(false);

    // Another account's admin, and a member of this one, never reach it.
    expect((await getBinary(ctx, await clientFor(ctx, other.ownerUserId), DATA_RIGHTS_PATHS.download(id))).status).toBe(
      404,
    );
    expect((await getBinary(ctx, await clientFor(ctx, mine.memberUserId), DATA_RIGHTS_PATHS.download(id))).status).toBe(
      403,
    );

    // Kept 7 days: on the eighth the zip is gone and the download says so.
    const eightDaysOn = new Date(Date.now() + 8 * 86_400_000);
    expect(await expireAccountExports(ctx.app, eightDaysOn)).toBeGreaterThanOrEqual(1);
    const gone = await admin.get(DATA_RIGHTS_PATHS.download(id));
    expect(gone.status).toBe(410);
    expect((gone.body as { message: string }).message).toMatch(/removed after 7 days/);
  }, 120_000);

  it('refuses members and bad input with a clear answer', async () => {
    const fixtures = await loadIsolationFixtures(new Set(['projects']));
    const seed = await seedTenants(ctx.db, fixtures, ctx.app.storage);
    const member = await clientFor(ctx, seed.memberUserId);
    expect((await member.post(DATA_RIGHTS_PATHS.exports, { accountId: seed.accountId })).status).toBe(403);
    const admin = await clientFor(ctx, seed.ownerUserId);
    expect((await admin.post(DATA_RIGHTS_PATHS.exports, { accountId: 'x' })).status).toBe(400);
    expect((await admin.get(DATA_RIGHTS_PATHS.export('999999'))).status).toBe(404);
  });
});

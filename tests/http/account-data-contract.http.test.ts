import path from 'node:path';
import { expect, it } from 'vitest';
import { serverPlugins } from '../../server/plugins';
import { describeOnBothDatabases } from '../support/test-app';
import { coverOf, databaseTables, storedKeys } from './account-data-kit';
import { loadIsolationFixtures } from './isolation-sweep-fixtures';
import { seedTenants } from './isolation-sweep-support';

/**
 * "What a plugin holds of an account" is declared by every plugin (server/plugin-api/account-data.ts,
 * docs/plugins.md): an export that forgets a table, or an erasure that leaves one behind, starts
 * with a table nobody declared. Every table of the database and every Storage folder in use after
 * every plugin seeded its rows (the isolation fixtures) must be covered by a declaration.
 */
describeOnBothDatabases('account data: every table and Storage folder is declared', (ctx) => {
  it('covers every table of the database, and each declared condition is valid SQL', async () => {
    const registry = ctx.app.accountData;
    const tables = await databaseTables(ctx.db);
    expect(tables).toEqual(expect.arrayContaining(['users', 'accounts', 'subtitles', 'audit_entries']));
    const undeclared = tables.filter((table) => coverOf(registry, table) === null);
    expect(undeclared, `tables no plugin declares in its server definition's accountData: ${undeclared}`).toEqual([]);

    // No declaration names a table that is not there (a rename would leave it finding nothing).
    const stale = registry.tables().filter(({ table }) => !tables.includes(table));
    expect(stale.map((t) => `${t.owner}: ${t.table}`)).toEqual([]);
    for (const { table, spec } of registry.tables()) {
      for (const [what, condition] of Object.entries({ ofAccount: spec.ofAccount, ofUser: spec.ofUser })) {
        if (!condition) continue;
        await expect(
          ctx.db.query(`SELECT count(*) FROM "${table}" WHERE ${condition}`, ['1']),
          `${table}.${what}`,
        ).resolves.toBeTruthy();
      }
      expect(spec.ofAccount ?? spec.ofUser, `${table} finds neither an account's nor a person's rows`).toBeTruthy();
    }
  });

  it('requires a declaration of every plugin of Polycue that has tables or Storage files', () => {
    const missing = serverPlugins.filter((plugin) => (plugin.migrations?.length ?? 0) > 0 && !plugin.accountData);
    expect(missing.map((plugin) => plugin.id)).toEqual([]);
  });

  it('covers every Storage folder the plugins write', async () => {
    const fixtures = await loadIsolationFixtures(new Set(serverPlugins.map((plugin) => plugin.id)));
    await seedTenants(ctx.db, fixtures, ctx.app.storage);
    const keys = await storedKeys(path.join(ctx.config.dataDir, 'files'));
    expect(keys.length).toBeGreaterThan(0);
    const prefixes = new Set(ctx.app.accountData.files().flatMap(({ files }) => files.prefixes));
    const undeclared = keys.filter((key) => !prefixes.has(key.split('/')[0]));
    expect(undeclared, `Storage keys under a folder no plugin declares: ${undeclared}`).toEqual([]);
  });
});

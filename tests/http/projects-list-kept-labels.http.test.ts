import { expect, it } from 'vitest';
import { LABELS_PATHS } from '../../plugins/labels/common/labels-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { KEPT_LABELS_PER_WORKSPACE } from '../../plugins/labels/server/workspace-labels';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, seedVersions, type Member } from './projects-test-kit';

// @needs-plugins labels (the list's labels and label filter are what is tested).

/**
 * The list serves each row's labels, and checks the label filter, from a copy of the workspace's
 * labels the web process keeps under the workspace revision (plugins/labels/server/workspace-labels.ts),
 * and reads a page in one statement through a function it makes on first use
 * (plugins/projects/server/page-rows-function.ts). Changes made by another process reach this
 * one only through the database: here they are written with SQL, past this app's routes.
 */
describeOnBothDatabases(
  'project-version list: labels kept under the workspace revision, one statement a page',
  (ctx) => {
    const list = (member: Member, query = '') =>
      member.client.get(`${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}&page=1${query}`);
    const captionsOf = (body: any) => body.data.map((v: any) => v.attributes.labels.map((l: any) => l.caption));

    async function labelled(member: Member, captions: string[]) {
      const ids = await seedVersions(ctx.db, member.workspaceId, 2, 'Kept');
      const labelIds: string[] = [];
      for (const caption of captions) {
        const created = await member.client.post(LABELS_PATHS.labels, {
          workspaceId: member.workspaceId,
          caption,
          projectVersionIds: ids,
        });
        expect(created.status).toBe(201);
        labelIds.push(created.body.data.id);
      }
      return { ids, labelIds };
    }

    it("a row's labels come in the labels page's order, and a rename or a deletion by another process shows at once", async () => {
      const member = await newMember(ctx);
      const { labelIds } = await labelled(member, ['beta', 'Alpha', 'Émile', 'zulu', 'Zèbre']);
      // The labels page's order is the database's (lower(caption) in its collation), not JavaScript's.
      const page = async () =>
        (await member.client.get(`${LABELS_PATHS.labels}?workspaceId=${member.workspaceId}`)).body.data.map(
          (label: any) => label.attributes.caption,
        );
      const order = await page();
      expect(captionsOf((await list(member)).body)).toEqual([order, order]);

      await ctx.db.query(`UPDATE labels SET caption = 'Aardvark' WHERE id = $1`, [labelIds[3]]);
      const renamed = await page();
      expect(renamed[0]).toBe('Aardvark');
      expect(captionsOf((await list(member)).body)[0]).toEqual(renamed);

      // Deleted straight in the table: the id lingers in the rows' arrays, the label no longer shows.
      await ctx.db.query('DELETE FROM labels WHERE id = $1', [labelIds[1]]);
      expect(captionsOf((await list(member)).body)[0]).toEqual(
        renamed.filter((caption: string) => caption !== 'Alpha'),
      );
      expect((await list(member, `&labels=${labelIds[1]}`)).body.data).toEqual([]);
    });

    it('filters at once by a label another process created, and never by a label of another workspace', async () => {
      const member = await newMember(ctx);
      const stranger = await newMember(ctx);
      const { ids } = await labelled(member, ['Kept']);
      expect((await list(member)).status).toBe(200); // the workspace's labels are now kept
      const { rows } = await ctx.db.query<{ id: string }>(
        `INSERT INTO labels (workspace_id, caption) VALUES ($1, 'Fresh') RETURNING id::text AS id`,
        [member.workspaceId],
      );
      await ctx.db.query('INSERT INTO project_version_labels (project_version_id, label_id) VALUES ($1, $2)', [
        ids[0],
        rows[0].id,
      ]);
      const fresh = await list(member, `&labels=${rows[0].id}`);
      expect(fresh.body.data.map((v: any) => v.id)).toEqual([ids[0]]);
      expect(captionsOf(fresh.body)).toEqual([['Fresh', 'Kept']]);

      const foreign = (await labelled(stranger, ['Theirs'])).labelIds[0];
      expect((await list(member, `&labels=${foreign}`)).body.data).toEqual([]);
      expect(JSON.stringify((await list(member)).body)).not.toContain('Theirs');
    });

    it("a workspace with more labels than are kept whole still shows and filters each row's labels, in the labels page's order", async () => {
      const member = await newMember(ctx);
      const { ids, labelIds } = await labelled(member, ['beta', 'Alpha']);
      await ctx.db.query(
        `INSERT INTO labels (workspace_id, caption) SELECT $1, 'bulk ' || g FROM generate_series(1, $2::int) g`,
        [member.workspaceId, KEPT_LABELS_PER_WORKSPACE],
      );
      const listed = await list(member);
      expect(captionsOf(listed.body)).toEqual([
        ['Alpha', 'beta'],
        ['Alpha', 'beta'],
      ]);
      const filtered = await list(member, `&labels=${labelIds[1]}`);
      expect(filtered.body.data.map((v: any) => v.id).sort()).toEqual([...ids].sort());
      await ctx.db.query(`UPDATE labels SET caption = 'gamma' WHERE id = $1`, [labelIds[1]]);
      expect(captionsOf((await list(member)).body)[0]).toEqual(['beta', 'gamma']);
    });

    it("makes the page's function again when it went missing (a restored dump), and answers the same page", async () => {
      const member = await newMember(ctx);
      await labelled(member, ['Kept']);
      const before = await list(member);
      expect(before.status).toBe(200);
      await ctx.db.query(`DO $$ DECLARE f regprocedure; BEGIN
      FOR f IN SELECT oid::regprocedure FROM pg_proc WHERE proname LIKE 'project_versions_page_%' LOOP
        EXECUTE 'DROP FUNCTION ' || f;
      END LOOP; END $$`);
      // A new revision, so the page is not served from the pages kept in memory.
      await seedVersions(ctx.db, member.workspaceId, 1, 'Later');
      const after = await list(member);
      expect(after.status).toBe(200);
      const titles = after.body.data.map((v: any) => v.attributes.title);
      expect(titles).toContain('Later 1');
      expect(after.body.data.filter((v: any) => v.attributes.title !== 'Later 1')).toEqual(before.body.data);
    });
  },
);

import { describe, expect, it } from 'vitest';
import { LABELS_PATHS } from '../../plugins/labels/common/labels-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { newMember, seedVersions, type Member } from './projects-test-kit';

const createLabel = (member: Member, caption: string, projectVersionIds?: string[]) =>
  member.client.post(LABELS_PATHS.labels, {
    workspaceId: member.workspaceId,
    caption,
    ...(projectVersionIds ? { projectVersionIds } : {}),
  });

async function labelledCount(ctx: TestAppContext, labelId: string): Promise<number> {
  return (
    await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM project_version_labels WHERE label_id = $1', [
      labelId,
    ])
  ).rows[0].n;
}

describeOnBothDatabases('labels: manager calls and bulk assignment', (ctx) => {
  describe('GET/POST /api/v1/labels/, PUT/DELETE /api/v1/labels/{labelId}', () => {
    it('creates (trimmed), lists by caption, renames and deletes', async () => {
      const member = await newMember(ctx);
      const zebra = await createLabel(member, '  Zebra ');
      expect(zebra.status).toBe(201);
      expect(zebra.body.data).toMatchObject({
        type: 'label',
        attributes: { caption: 'Zebra', workspaceId: member.workspaceId, projectVersionCount: 0 },
      });
      await createLabel(member, 'apple');
      const listed = await member.client.get(`${LABELS_PATHS.labels}?workspaceId=${member.workspaceId}`);
      expect(listed.body.data.map((l: any) => l.attributes.caption)).toEqual(['apple', 'Zebra']);

      const renamed = await member.client.put(LABELS_PATHS.label(zebra.body.data.id), { caption: 'Yak' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.attributes.caption).toBe('Yak');
      const deleted = await member.client.delete(LABELS_PATHS.label(zebra.body.data.id));
      expect(deleted.body).toEqual({ data: { id: zebra.body.data.id } });
      expect(
        (await member.client.get(`${LABELS_PATHS.labels}?workspaceId=${member.workspaceId}`)).body.data.map(
          (l: any) => l.attributes.caption,
        ),
      ).toEqual(['apple']);
      expect((await member.client.delete(LABELS_PATHS.label(zebra.body.data.id))).status).toBe(404);
    });

    it('refuses blank, too long and (ignoring case) duplicate captions with a clear 422; other workspaces may reuse a caption', async () => {
      const member = await newMember(ctx);
      const other = await newMember(ctx);
      expect((await createLabel(member, '   ')).body).toMatchObject({
        statusCode: 422,
        message: "Caption can't be blank",
        field: 'caption',
      });
      expect((await createLabel(member, 'x'.repeat(61))).body).toMatchObject({
        statusCode: 422,
        message: 'Caption is too long (maximum is 60 characters)',
      });
      expect((await createLabel(member, 'x'.repeat(60))).status).toBe(201);
      const first = await createLabel(member, 'Urgent');
      const taken = await createLabel(member, 'uRGENT ');
      expect(taken.status).toBe(422);
      expect(taken.body.message).toBe('A label with this caption already exists in this workspace');
      expect((await createLabel(other, 'Urgent')).status).toBe(201);
      const second = await createLabel(member, 'Later');
      expect((await member.client.put(LABELS_PATHS.label(second.body.data.id), { caption: 'urgent' })).status).toBe(
        422,
      );
      expect((await member.client.put(LABELS_PATHS.label(first.body.data.id), { caption: 'URGENT' })).status).toBe(200);
    });

    it('keeps other tenants out: their labels are 404 to rename or delete, their workspace 404 to list', async () => {
      const member = await newMember(ctx);
      const stranger = await newMember(ctx);
      const label = await createLabel(member, 'Private caption');
      expect((await stranger.client.put(LABELS_PATHS.label(label.body.data.id), { caption: 'Mine now' })).status).toBe(
        404,
      );
      expect((await stranger.client.delete(LABELS_PATHS.label(label.body.data.id))).status).toBe(404);
      const list = await stranger.client.get(`${LABELS_PATHS.labels}?workspaceId=${member.workspaceId}`);
      expect(list.status).toBe(404);
      expect(list.text).not.toContain('Private caption');
      expect(
        (await member.client.get(`${LABELS_PATHS.labels}?workspaceId=${member.workspaceId}`)).body.data[0].attributes
          .caption,
      ).toBe('Private caption');
    });
  });

  describe('POST/DELETE /api/v1/project_version_labels/', () => {
    it('labels 10,000 versions in one request, and removes the label from them in one request', async () => {
      const member = await newMember(ctx);
      const ids = await seedVersions(ctx.db, member.workspaceId, 10_000, 'Mass');
      const label = await createLabel(member, 'Bulk');
      const labelId = label.body.data.id;
      const assigned = await member.client.post(LABELS_PATHS.projectVersionLabels, {
        labelId,
        selectedProjectVersionIds: ids,
      });
      expect(assigned.status).toBe(200);
      expect(assigned.body.data.attributes.projectVersionIds).toHaveLength(10_000);
      expect(assigned.body.data.attributes.projectVersionCount).toBe(10_000);
      expect(await labelledCount(ctx, labelId)).toBe(10_000);

      // Assigning again changes nothing (already labelled rows are skipped, not duplicated).
      const again = await member.client.post(LABELS_PATHS.projectVersionLabels, {
        labelId,
        selectedProjectVersionIds: ids.slice(0, 10),
      });
      expect(again.body.data.attributes.projectVersionIds).toEqual([]);

      const removed = await member.client.delete(LABELS_PATHS.projectVersionLabels, {
        labelId,
        selectedProjectVersionIds: ids.slice(0, 9_000),
      });
      expect(removed.status).toBe(200);
      expect(removed.body.data.attributes.projectVersionIds).toHaveLength(9_000);
      expect(await labelledCount(ctx, labelId)).toBe(1_000);
    });

    it('leaves versions of other workspaces untouched when their ids are in the body, and refuses a foreign label', async () => {
      const member = await newMember(ctx);
      const other = await newMember(ctx);
      const mine = await seedVersions(ctx.db, member.workspaceId, 3, 'Mine');
      const theirs = await seedVersions(ctx.db, other.workspaceId, 3, 'Theirs');
      const label = await createLabel(member, 'Mine only');
      const res = await member.client.post(LABELS_PATHS.projectVersionLabels, {
        labelId: label.body.data.id,
        selectedProjectVersionIds: [...mine, ...theirs],
      });
      expect(new Set(res.body.data.attributes.projectVersionIds)).toEqual(new Set(mine));
      const { rows } = await ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM project_version_labels WHERE project_version_id = ANY($1::bigint[])',
        [theirs],
      );
      expect(rows[0].n).toBe(0);

      const theirLabel = await createLabel(other, 'Theirs');
      const foreign = await member.client.post(LABELS_PATHS.projectVersionLabels, {
        labelId: theirLabel.body.data.id,
        selectedProjectVersionIds: theirs,
      });
      expect(foreign.status).toBe(404);
      expect(await labelledCount(ctx, theirLabel.body.data.id)).toBe(0);
      expect(
        (
          await member.client.post(LABELS_PATHS.projectVersionLabels, {
            labelId: label.body.data.id,
            selectedProjectVersionIds: [],
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await member.client.post(LABELS_PATHS.projectVersionLabels, {
            labelId: label.body.data.id,
            selectedProjectVersionIds: ['1e3'],
          })
        ).status,
      ).toBe(400);
    });

    it('creates a label and assigns it at once ("Label created and assigned"); deleting a label unlabels its versions', async () => {
      const member = await newMember(ctx);
      const ids = await seedVersions(ctx.db, member.workspaceId, 4, 'Some');
      const created = await createLabel(member, 'Fresh', ids.slice(0, 2));
      expect(created.status).toBe(201);
      expect(new Set(created.body.data.attributes.projectVersionIds)).toEqual(new Set(ids.slice(0, 2)));
      expect(created.body.data.attributes.projectVersionCount).toBe(2);
      await member.client.delete(LABELS_PATHS.label(created.body.data.id));
      const { rows } = await ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM project_version_labels WHERE project_version_id = ANY($1::bigint[])',
        [ids],
      );
      expect(rows[0].n).toBe(0);
    });

    it('keeps counts and rows right as versions and labels go: deleted versions leave the count at once, a deleted label leaves rows and filter', async () => {
      const member = await newMember(ctx);
      const ids = await seedVersions(ctx.db, member.workspaceId, 6, 'Counted');
      const keep = (await createLabel(member, 'Keep', ids)).body.data.id;
      const gone = (await createLabel(member, 'Gone', ids.slice(0, 3))).body.data.id;
      const deleted = await member.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
        workspaceId: member.workspaceId,
        projectVersionIds: ids.slice(0, 2),
      });
      expect(deleted.body.data.ids).toHaveLength(2);
      const counts = async () =>
        Object.fromEntries(
          (await member.client.get(`${LABELS_PATHS.labels}?workspaceId=${member.workspaceId}`)).body.data.map(
            (l: any) => [l.attributes.caption, l.attributes.projectVersionCount],
          ),
        );
      expect(await counts()).toEqual({ Gone: 1, Keep: 4 });
      // Labelling a deleted version does nothing.
      expect(
        (
          await member.client.post(LABELS_PATHS.projectVersionLabels, {
            labelId: gone,
            selectedProjectVersionIds: ids.slice(0, 2),
          })
        ).body.data.attributes.projectVersionIds,
      ).toEqual([]);

      const list = (query: string) =>
        member.client.get(`${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}&page=1&${query}`);
      const byGone = await list(`labels=${gone}`);
      expect(byGone.body.data.map((v: any) => v.id)).toEqual([ids[2]]);
      expect(byGone.body.data[0].attributes.labels.map((l: any) => l.caption)).toEqual(['Gone', 'Keep']);
      await member.client.delete(LABELS_PATHS.label(gone));
      expect((await list(`labels=${gone}`)).body.data).toEqual([]);
      const rows = (await list(`labels=${keep}`)).body.data;
      expect(rows).toHaveLength(4);
      expect(
        rows.every((v: any) => v.attributes.labels.length === 1 && v.attributes.labels[0].caption === 'Keep'),
      ).toBe(true);
      expect(await counts()).toEqual({ Keep: 4 });
    });
  });
});

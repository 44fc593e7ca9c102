import { expect, it } from 'vitest';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, seedVersions } from './projects-test-kit';

// @needs-plugins labels (its index is one of the two): scripts/check-plugin-removal.mjs leaves this file out without it.

/**
 * The list's two GIN indexes (title words, labels) are written in place, never through GIN's
 * pending list: every search read the whole list until a vacuum merged it, and a bulk label of
 * 10,000 versions left 281 pages there that made a rare word's search 5.8 ms instead of 2.5
 * (docs/capacity.md). A bulk label followed at once by searches by word and by label serves them.
 */
describeOnBothDatabases('project versions: search indexes without a pending list', (ctx) => {
  it('are written in place, and a bulk label is searchable at once', async () => {
    const { rows } = await ctx.db.query<{ name: string; options: string[] | null }>(
      `SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
        WHERE c.relname IN ('project_versions_title_search_idx', 'project_versions_label_ids_idx') ORDER BY c.relname`,
    );
    expect(rows).toEqual([
      { name: 'project_versions_label_ids_idx', options: ['fastupdate=off'] },
      { name: 'project_versions_title_search_idx', options: ['fastupdate=off'] },
    ]);

    const member = await newMember(ctx);
    const ids = await seedVersions(ctx.db, member.workspaceId, 60, 'Harbour');
    const label = await member.client.post('/api/v1/labels/', { workspaceId: member.workspaceId, caption: 'Night' });
    expect(label.status).toBe(201);
    const chosen = ids.filter((_, index) => index % 4 === 0);
    const put = await member.client.post('/api/v1/project_version_labels/', {
      labelId: label.body.data.id,
      selectedProjectVersionIds: chosen,
    });
    expect(put.status).toBeLessThan(300);
    const listed = await member.client.get(
      `/api/v1/project_versions?workspaceId=${member.workspaceId}&search=harbour&labels=${label.body.data.id}&perPage=50`,
    );
    expect(listed.status).toBe(200);
    expect((listed.body.data as { id: string }[]).map((row) => row.id)).toEqual(chosen);
  });
});

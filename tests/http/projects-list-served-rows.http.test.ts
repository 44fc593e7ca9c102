import { expect, it } from 'vitest';
import { LABELS_PATHS } from '../../plugins/labels/common/labels-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, seedVersions } from './projects-test-kit';

// @needs-plugins labels subtitles pipeline (their list columns are what is compared).

/**
 * The list's page is written from text: its rows come from PostgreSQL as one line each, and the
 * columns other plugins add without a `resolve` (subtitles, processing) go into the answer as
 * PostgreSQL wrote them (plugins/projects/server/list-page-lines.ts), while a refresh by ids
 * (`POST …/project_version_updates`) builds its rows as objects. Both must serve the same rows.
 */
describeOnBothDatabases('project-version list: the page served from text is the rows a refresh serves', (ctx) => {
  it('labels, subtitles, a run in progress, a finished voice-over, an element with its state and an awkward title: the same either way', async () => {
    const member = await newMember(ctx);
    const [newest, middle, oldest] = await seedVersions(ctx.db, member.workspaceId, 3, 'Served');
    const awkward = 'Quote " back \\ slash </script> Émile 🎬 tab\tend';
    await ctx.db.query('UPDATE project_versions SET title = $2 WHERE id = $1', [oldest, awkward]);

    const label = await member.client.post(LABELS_PATHS.labels, {
      workspaceId: member.workspaceId,
      caption: 'Needs review',
      projectVersionIds: [newest, oldest],
    });
    expect(label.status).toBe(201);

    const subtitle = async (versionId: string, language: string, kind: string, cues: number) =>
      (
        await ctx.db.query<{ id: string }>(
          `INSERT INTO subtitles (project_version_id, workspace_id, language, kind, cues_count, reviewed_count)
           VALUES ($1, $2, $3, $4, $5, 2) RETURNING id::text AS id`,
          [versionId, member.workspaceId, language, kind, cues],
        )
      ).rows[0].id;
    const transcript = await subtitle(newest, 'en', 'transcript', 12);
    await subtitle(newest, 'de', 'translation', 11);
    // A run half-way: one step of two done.
    const running = await ctx.db.query<{ id: string }>(
      `INSERT INTO pipeline_runs (project_version_id, workspace_id, kind, settings, steps, state, transcript_subtitle_id)
       VALUES ($1, $2, 'plain', '{}', ARRAY['transcription', 'segmentation'], 'running', $3) RETURNING id::text AS id`,
      [newest, member.workspaceId, transcript],
    );
    await ctx.db.query(
      `INSERT INTO pipeline_steps (run_id, workspace_id, step, state) VALUES ($1, $2, 'transcription', 'done'), ($1, $2, 'segmentation', 'running')`,
      [running.rows[0].id, member.workspaceId],
    );
    // A finished voice-over with its dubbed language.
    const tts = await ctx.db.query<{ id: string }>(
      `INSERT INTO pipeline_runs (project_version_id, workspace_id, kind, settings, steps, state, transcript_subtitle_id)
       VALUES ($1, $2, 'tts', '{}', ARRAY['finish'], 'done', $3) RETURNING id::text AS id`,
      [middle, member.workspaceId, await subtitle(middle, 'en', 'transcript', 3)],
    );
    await ctx.db.query(
      `INSERT INTO pipeline_dubbed_media (run_id, project_version_id, language, audio_key) VALUES ($1, $2, 'es', 'dubbed/x.m4a')`,
      [tts.rows[0].id, middle],
    );
    // The oldest comes from an upload whose media retention removed. Elements of other projects
    // first, so the element's id is not the project's id (a lookup by the wrong column would pass).
    await ctx.db.query(
      `INSERT INTO elements (workspace_id, title, state, media_removed_after_days) SELECT $1, 'other', 'failed', 7 FROM generate_series(1, 3)`,
      [member.workspaceId],
    );
    const element = await ctx.db.query<{ id: string }>(
      `INSERT INTO elements (workspace_id, title, state, thumbnail_key, media_removed_after_days)
       VALUES ($1, 'clip', 'ready', 'thumbs/clip.jpg', 30) RETURNING id::text AS id`,
      [member.workspaceId],
    );
    await ctx.db.query(`UPDATE project_versions SET element_id = $2, thumbnail_key = 'thumbs/clip.jpg' WHERE id = $1`, [
      oldest,
      element.rows[0].id,
    ]);

    const listed = await member.client.get(
      `${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}&page=1`,
    );
    expect(listed.status).toBe(200);
    const refreshed = await member.client.post(PROJECTS_PATHS.projectVersionUpdates, {
      workspaceId: member.workspaceId,
      projectVersionIds: [oldest, newest, middle],
    });
    expect(refreshed.status).toBe(200);
    expect(listed.body.data).toEqual(refreshed.body.data);

    const [a, b, c] = listed.body.data;
    expect([a.id, b.id, c.id]).toEqual([newest, middle, oldest]);
    expect(a.attributes.labels.map((l: any) => l.caption)).toEqual(['Needs review']);
    expect(a.attributes.subtitles.map((s: any) => [s.attributes.language, s.attributes.kind])).toEqual([
      ['en', 'transcript'],
      ['de', 'translation'],
    ]);
    expect(a.attributes.processing).toMatchObject({ state: 'running', progress: 0.5, dubbed: [] });
    expect(b.attributes.processing).toMatchObject({ kind: 'tts', state: 'done', dubbed: ['es'] });
    expect(b.attributes.labels).toEqual([]);
    for (const unlinked of [a, b])
      expect(unlinked.attributes).toMatchObject({ elementId: null, elementState: null, mediaRemovedAfterDays: null });
    expect(c.attributes).toMatchObject({
      title: awkward,
      elementId: element.rows[0].id,
      elementState: 'ready',
      mediaRemovedAfterDays: 30,
      thumbnailUrl: PROJECTS_PATHS.elementThumbnail(element.rows[0].id),
      processing: null,
      subtitles: [],
      workspaceId: member.workspaceId,
    });
    expect(new Date(c.attributes.createdAt).toISOString()).toBe(c.attributes.createdAt);
    // Each attribute once per row in the text itself (JSON.parse would hide a key written twice).
    expect(listed.text.match(/"subtitles"/g)).toHaveLength(3);
    expect(listed.text.match(/"processing"/g)).toHaveLength(3);
    expect(listed.body.meta).toEqual({ page: 1, perPage: 50, hasMore: false, nextCursor: null });
  });
});

import { expect, it } from 'vitest';
import { MEDIA_RETENTION_PATH } from '../../plugins/projects/common/media-retention';
import { PROJECTS_PATHS, type ProjectVersionResource } from '../../plugins/projects/common/projects-contract';
import { derivedMediaFiles } from '../../plugins/projects/server/extension-points';
import { removeExpiredMedia } from '../../plugins/projects/server/media-retention-job';
import { SUBTITLES_PATHS, SUBTITLES_SERVER_MESSAGES } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { teamWithMember } from './accounts-fixtures';
import { confirmedUser } from './auth-test-helpers';
import { seedVersion } from './billing-test-kit';
import { cuesOf, getBinary, importFile, newSubtitle, srtOf } from './subtitles-test-kit';

const DAY = 86_400_000;

/** The job's context as a worker gives it; `now` is passed on each call (the injected clock). */
const retentionContext = (ctx: TestAppContext) => ({
  db: ctx.db,
  storage: ctx.app.storage,
  extensions: ctx.app.extensions,
  log: { info: () => {}, error: () => {} },
});

const keyOf = async (ctx: TestAppContext, versionId: string) =>
  (
    await ctx.db.query<{ key: string | null }>(
      'SELECT e.storage_key AS key FROM project_versions v JOIN elements e ON e.id = v.element_id WHERE v.id = $1',
      [versionId],
    )
  ).rows[0].key;

/** The media and what other plugins derived from it (waveforms), as stored. */
const filesOf = (ctx: TestAppContext, key: string) => [
  key,
  ...ctx.app.extensions.contributions(derivedMediaFiles).flatMap((deriver) => deriver.keysOf(key)),
];

async function versionAttributes(client: TestClient, workspaceId: string, id: string) {
  const res = await client.post(PROJECTS_PATHS.projectVersionUpdates, { workspaceId, projectVersionIds: [id] });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as ProjectVersionResource[])[0].attributes;
}

describeOnBothDatabases('Media retention per workspace', (ctx) => {
  it('deletes the media of versions older than N days; a newer one, subtitles and another workspace stay', async () => {
    const { admin, member } = await teamWithMember(ctx);
    const stranger = await confirmedUser(ctx);
    const old = await seedVersion(ctx.db, ctx.app.storage, admin.workspaceId);
    const fresh = await seedVersion(ctx.db, ctx.app.storage, admin.workspaceId);
    const elsewhere = await seedVersion(ctx.db, ctx.app.storage, stranger.workspaceId);
    await ctx.db.query(`UPDATE project_versions SET created_at = now() - interval '20 days' WHERE id IN ($1, $2)`, [
      old,
      elsewhere,
    ]);
    const oldKey = (await keyOf(ctx, old))!;
    for (const key of filesOf(ctx, oldKey)) await ctx.app.storage.put(key, Buffer.from('derived'), 'video/mp4');
    const subtitle = await newSubtitle(admin.client, old, 'en');
    expect((await importFile(admin.client, old, subtitle, srtOf(3))).status).toBe(200);
    const cuesBefore = await cuesOf(admin.client, old, subtitle);

    // Off by default; a member reads it but may not change it; only the listed choices are taken.
    const path = MEDIA_RETENTION_PATH(admin.workspaceId);
    expect((await member.client.get(path)).body).toEqual({ data: { days: null } });
    const refused = await member.client.put(path, { days: 30 });
    expect(refused.status, refused.text).toBe(403);
    expect((await admin.client.put(path, { days: 45 })).status).toBe(400);
    expect((await stranger.client.put(path, { days: 30 })).status).toBe(404);
    const saved = await admin.client.put(path, { days: 30 });
    expect(saved.status, saved.text).toBe(200);
    expect((await member.client.get(path)).body).toEqual({ data: { days: 30 } });

    // 5 days on, the old version is 25 days old: nothing yet. 15 days on it is 35: its media goes.
    const job = retentionContext(ctx);
    expect(await removeExpiredMedia(job, new Date(Date.now() + 5 * DAY))).toBe(0);
    expect(await ctx.app.storage.get(oldKey)).not.toBeNull();
    expect(await removeExpiredMedia(job, new Date(Date.now() + 15 * DAY))).toBe(1);
    for (const key of filesOf(ctx, oldKey)) expect(await ctx.app.storage.get(key), key).toBeNull();
    expect(await ctx.app.storage.get((await keyOf(ctx, fresh))!)).not.toBeNull();
    expect(await ctx.app.storage.get((await keyOf(ctx, elsewhere))!)).not.toBeNull();
    // Done once: a second run finds nothing more.
    expect(await removeExpiredMedia(job, new Date(Date.now() + 15 * DAY))).toBe(0);

    // The version page is told why (no broken player); the newer one still has its media.
    expect(await versionAttributes(admin.client, admin.workspaceId, old)).toMatchObject({
      mediaRemovedAfterDays: 30,
    });
    expect(await versionAttributes(admin.client, admin.workspaceId, fresh)).toMatchObject({
      mediaRemovedAfterDays: null,
    });
    expect(await versionAttributes(stranger.client, stranger.workspaceId, elsewhere)).toMatchObject({
      mediaRemovedAfterDays: null,
    });

    // The editor's player is told why too: its video answers 404 with the retention's reason.
    const video = await admin.client.get(SUBTITLES_PATHS.video(old, subtitle));
    expect([video.status, video.body.message]).toEqual([404, SUBTITLES_SERVER_MESSAGES.mediaRemoved(30)]);
    expect(SUBTITLES_SERVER_MESSAGES.mediaRemoved(30)).toMatch(/removed after 30 days/);

    // Subtitles stay: the cues, and their SRT download.
    expect(await cuesOf(admin.client, old, subtitle)).toEqual(cuesBefore);
    const download = await getBinary(
      ctx,
      admin.client,
      `${SUBTITLES_PATHS.downloadSubtitles}?workspaceId=${admin.workspaceId}&projectVersionIds=${old}&formats=srt`,
    );
    expect(download.status, download.text).toBe(200);

    // Turned off again: nothing more is removed, however late.
    expect((await admin.client.put(path, { days: null })).body).toEqual({ data: { days: null } });
    expect(await removeExpiredMedia(job, new Date(Date.now() + 400 * DAY))).toBe(0);
    expect(await ctx.app.storage.get((await keyOf(ctx, fresh))!)).not.toBeNull();
  });
});

import { expect, it } from 'vitest';
import { EXPORTS_PATHS } from '../../plugins/exports/common/exports-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import {
  REVIEW_SETTINGS_PATH,
  SUBTITLES_PATHS,
  SUBTITLES_SERVER_MESSAGES,
} from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { addToAccount, grantAccess } from './accounts-fixtures';
import { confirmedUser } from './auth-test-helpers';
import { importFile, newSubtitle, newVersion, srtOf } from './subtitles-test-kit';

/**
 * @needs-plugins exports
 * Review progress per language where people look for it (the version's subtitles, the projects
 * list's rows, without a query per row) and the workspace setting "exports require approved
 * cues", enforced on export and download with a 422 naming the language and the count.
 */
describeOnBothDatabases('review progress and approved-only exports', (ctx) => {
  async function subtitleOfThree() {
    const admin = await confirmedUser(ctx, { name: 'Alice', lastName: 'Admin' });
    const version = await newVersion(ctx, admin);
    const subtitleId = await newSubtitle(admin.client, version, 'en');
    await importFile(
      admin.client,
      version,
      subtitleId,
      srtOf(3, (i) => `Cue ${i}`),
    );
    const approve = async (states: string[]) => {
      const cuesPath = SUBTITLES_PATHS.cues(version, subtitleId);
      const read = await admin.client.get(cuesPath);
      const saved = await admin.client.put(cuesPath, {
        revision: read.body.data.attributes.revision,
        cues: read.body.cues.map((cue: object, i: number) => ({ ...cue, review: states[i] })),
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    return { admin, version, subtitleId, approve };
  }

  it('the version’s subtitles and the projects list carry each language’s progress', async () => {
    const { admin, version, approve } = await subtitleOfThree();
    await approve(['approved', 'reviewed', 'todo']);
    const listed = await admin.client.get(SUBTITLES_PATHS.subtitles(version));
    expect(listed.body.data[0].attributes).toMatchObject({ cuesCount: 3, reviewedCount: 2, approvedCount: 1 });
    const rows = await admin.client.get(`${PROJECTS_PATHS.projectVersions}?workspaceId=${admin.workspaceId}`);
    const row = rows.body.data.find((r: { id: string }) => r.id === version);
    expect(row.attributes.subtitles[0].attributes).toMatchObject({
      language: 'en',
      cuesCount: 3,
      reviewedCount: 2,
      approvedCount: 1,
    });
  });

  it('a workspace requiring approved cues refuses exports and downloads until every cue is approved; only admins set it', async () => {
    const { admin, version, subtitleId, approve } = await subtitleOfThree();
    const member = await confirmedUser(ctx, { name: 'Mo', lastName: 'Member' });
    await grantAccess(admin, [await addToAccount(admin, member)], [admin.workspaceId]);
    const settings = REVIEW_SETTINGS_PATH(admin.workspaceId);
    expect((await member.client.get(settings)).body.data).toEqual({ exportsRequireApproval: false });
    expect((await member.client.put(settings, { exportsRequireApproval: true })).status).toBe(403);
    expect((await admin.client.put(settings, { exportsRequireApproval: 'yes' })).status).toBe(400);
    const set = await admin.client.put(settings, { exportsRequireApproval: true });
    expect(set.body.data).toEqual({ exportsRequireApproval: true });

    await approve(['approved', 'approved', 'reviewed']);
    const message = SUBTITLES_SERVER_MESSAGES.notApproved('English', 2, 3);
    const exported = await admin.client.post(EXPORTS_PATHS.exportations, {
      projectVersionId: version,
      kind: 'subtitles',
      subtitleId,
      format: 'srt',
    });
    expect(exported.status).toBe(422);
    expect(exported.body).toMatchObject({ code: 'cues_not_approved', message });
    const download = `${SUBTITLES_PATHS.downloadSubtitles}?workspaceId=${admin.workspaceId}&projectVersionIds=${version}&formats=srt`;
    const refused = await admin.client.get(download);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(message);

    await approve(['approved', 'approved', 'approved']);
    expect((await admin.client.get(download)).status).toBe(200);
    const allowed = await admin.client.post(EXPORTS_PATHS.exportations, {
      projectVersionId: version,
      kind: 'subtitles',
      subtitleId,
      format: 'srt',
    });
    expect(allowed.status).toBe(202);
  });
});

import { expect, it } from 'vitest';
import {
  ASSIGNMENTS_PATHS,
  ASSIGNMENTS_SERVER_MESSAGES as MESSAGES,
} from '../../plugins/assignments/common/assignments-contract';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { addToAccount, createWorkspace, grantAccess } from './accounts-fixtures';
import { confirmedUser } from './auth-test-helpers';
import { importFile, newSubtitle, newVersion, srtOf } from './subtitles-test-kit';

/**
 * Who does what (issue #25): a language of a version assigned to a member of its workspace as
 * translator or reviewer, the assignee told by mail, "My assignments" with each language's review
 * progress, and the refusals people read (someone outside the workspace, a reviewer translating
 * or assigning, a date that is not one). Audit log and webhooks: assignments-events.http.test.ts.
 */
describeOnBothDatabases('assignments', (ctx) => {
  async function team(context: TestAppContext) {
    const admin = await confirmedUser(context, { name: 'Alice', lastName: 'Admin' });
    const member = await confirmedUser(context, { name: 'Mo', lastName: 'Member' });
    const reviewer = await confirmedUser(context, { name: 'Rita', lastName: 'Reviewer' });
    const memberAccountUserId = await addToAccount(admin, member);
    const reviewerAccountUserId = await addToAccount(admin, reviewer, 'reviewer');
    await grantAccess(admin, [memberAccountUserId, reviewerAccountUserId], [admin.workspaceId]);
    const version = await newVersion(context, admin, 'Harbour tour');
    const english = await newSubtitle(admin.client, version, 'en');
    const spanish = await newSubtitle(admin.client, version, 'es');
    return { admin, member, reviewer, version, english, spanish };
  }

  it('an admin assigns a translator with a due date and a reviewer; both are told by mail and see it in My assignments', async () => {
    const { admin, member, reviewer, version, spanish } = await team(ctx);
    const assigned = await admin.client.put(ASSIGNMENTS_PATHS.role(spanish, 'translator'), {
      userId: member.userId,
      dueOn: '2030-03-01',
    });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.body.data.attributes).toEqual({
      subtitleId: spanish,
      role: 'translator',
      userId: member.userId,
      assigneeName: 'Mo Member',
      dueOn: '2030-03-01',
    });
    expect(
      (await admin.client.put(ASSIGNMENTS_PATHS.role(spanish, 'reviewer'), { userId: reviewer.userId })).status,
    ).toBe(200);

    const mail = await ctx.waitForMail(
      (m) => m.to.includes(member.email) && m.subject === 'You are the translator of “Harbour tour” in Spanish',
    );
    expect(mail.text).toContain(
      'Alice Admin asked you to translate the Spanish subtitles of “Harbour tour”, due 2030-03-01',
    );
    expect(mail.links.some((link) => link.endsWith(`/project_versions/${version}/subtitles/${spanish}`))).toBe(true);
    await ctx.waitForMail(
      (m) => m.to.includes(reviewer.email) && m.subject === 'You are the reviewer of “Harbour tour” in Spanish',
    );

    // The version page: each language with its translator and reviewer.
    const listed = await member.client.get(ASSIGNMENTS_PATHS.ofVersion(version));
    expect(listed.status).toBe(200);
    expect(listed.body.meta).toEqual({ canAssign: true });
    const byLanguage = Object.fromEntries(
      listed.body.data.map((row: { attributes: Record<string, any> }) => [
        row.attributes.language,
        [
          row.attributes.translator?.attributes.assigneeName ?? null,
          row.attributes.reviewer?.attributes.assigneeName ?? null,
        ],
      ]),
    );
    expect(byLanguage).toEqual({ en: [null, null], es: ['Mo Member', 'Rita Reviewer'] });

    // My assignments: the member's translation with its progress and the editor's address.
    const mine = await member.client.get(`${ASSIGNMENTS_PATHS.mine}?workspaceId=${admin.workspaceId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0].attributes).toMatchObject({
      role: 'translator',
      dueOn: '2030-03-01',
      language: 'es',
      title: 'Harbour tour',
      projectVersionId: version,
      cuesCount: 0,
      approvedCount: 0,
    });
    expect(mine.body.data[0].attributes.editorUrl).toMatch(
      new RegExp(`/project_versions/${version}/subtitles/${spanish}$`),
    );
    const reviewers = await reviewer.client.get(`${ASSIGNMENTS_PATHS.mine}?workspaceId=${admin.workspaceId}`);
    expect(reviewers.body.data.map((row: { attributes: { role: string } }) => row.attributes.role)).toEqual([
      'reviewer',
    ]);
    expect((await admin.client.get(`${ASSIGNMENTS_PATHS.mine}?workspaceId=${admin.workspaceId}`)).body.data).toEqual(
      [],
    );
  });

  it('reassigning moves it to the new person (one translator per language); unassigning removes it', async () => {
    const { admin, member, version, spanish } = await team(ctx);
    await admin.client.put(ASSIGNMENTS_PATHS.role(spanish, 'translator'), { userId: member.userId });
    const again = await admin.client.put(ASSIGNMENTS_PATHS.role(spanish, 'translator'), { userId: admin.userId });
    expect(again.status).toBe(200);
    // Mo was told; the admin, who assigned themself, is not.
    await ctx.waitForMail((m) => m.to.includes(member.email) && m.subject.startsWith('You are the translator'));
    await ctx.runJobs();
    expect((await ctx.outbox()).filter((m) => m.to.includes(admin.email) && m.subject.startsWith('You are'))).toEqual(
      [],
    );
    const listed = await admin.client.get(ASSIGNMENTS_PATHS.ofVersion(version));
    const es = listed.body.data.find((row: { id: string }) => row.id === spanish);
    expect(es.attributes.translator.attributes).toMatchObject({ userId: admin.userId, assigneeName: 'Alice Admin' });
    expect((await member.client.get(`${ASSIGNMENTS_PATHS.mine}?workspaceId=${admin.workspaceId}`)).body.data).toEqual(
      [],
    );

    const removed = await member.client.delete(ASSIGNMENTS_PATHS.role(spanish, 'translator'));
    expect(removed.status, removed.text).toBe(200);
    const after = await admin.client.get(ASSIGNMENTS_PATHS.ofVersion(version));
    expect(after.body.data.find((row: { id: string }) => row.id === spanish).attributes.translator).toBeNull();
    const twice = await member.client.delete(ASSIGNMENTS_PATHS.role(spanish, 'translator'));
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(MESSAGES.nothingToUnassign('translator'));
  });

  it('an assignment leaves My assignments once every cue of its language is approved', async () => {
    const { admin, member, version, english } = await team(ctx);
    await importFile(
      admin.client,
      version,
      english,
      srtOf(2, (i) => `Cue ${i}`),
    );
    await admin.client.put(ASSIGNMENTS_PATHS.role(english, 'translator'), { userId: member.userId });
    const mine = () => member.client.get(`${ASSIGNMENTS_PATHS.mine}?workspaceId=${admin.workspaceId}`);
    const review = async (states: string[]) => {
      const path = SUBTITLES_PATHS.cues(version, english);
      const read = await admin.client.get(path);
      const saved = await admin.client.put(path, {
        revision: read.body.data.attributes.revision,
        cues: read.body.cues.map((cue: object, i: number) => ({ ...cue, review: states[i] })),
      });
      expect(saved.status, saved.text).toBe(200);
    };
    await review(['approved', 'reviewed']);
    expect((await mine()).body.data[0].attributes).toMatchObject({ cuesCount: 2, reviewedCount: 2, approvedCount: 1 });
    await review(['approved', 'approved']);
    expect((await mine()).body.data).toEqual([]);
  });

  it('refuses, with a message people read: someone outside the workspace, a reviewer as translator, a reviewer assigning, a bad date or role', async () => {
    const { admin, member, reviewer, spanish } = await team(ctx);
    const stranger = await confirmedUser(ctx, { name: 'Sam', lastName: 'Stranger' });
    // A member of the account without access to a workspace is not one of its members either.
    const second = await createWorkspace(admin, 'Second');
    const secondVersion = await newVersion(ctx, { ...admin, workspaceId: second }, 'Elsewhere');
    const secondSubtitle = await newSubtitle(admin.client, secondVersion, 'fr');
    const noAccess = await admin.client.put(ASSIGNMENTS_PATHS.role(secondSubtitle, 'translator'), {
      userId: member.userId,
    });
    expect(noAccess.status).toBe(422);
    expect(noAccess.body).toMatchObject({ message: MESSAGES.notMember, field: 'userId' });
    const assign = (client = admin.client, body: object, role: 'translator' | 'reviewer' = 'translator') =>
      client.put(ASSIGNMENTS_PATHS.role(spanish, role), body);

    const outsider = await assign(admin.client, { userId: stranger.userId });
    expect(outsider.status).toBe(422);
    expect(outsider.body).toMatchObject({ message: MESSAGES.notMember, field: 'userId' });
    const translating = await assign(admin.client, { userId: reviewer.userId });
    expect(translating.status).toBe(422);
    expect(translating.body.message).toBe(MESSAGES.reviewerCannotTranslate);
    const byReviewer = await assign(reviewer.client, { userId: member.userId }, 'reviewer');
    expect(byReviewer.status).toBe(403);
    expect(byReviewer.body.message).toBe(MESSAGES.reviewersCannotAssign);
    expect((await reviewer.client.delete(ASSIGNMENTS_PATHS.role(spanish, 'reviewer'))).status).toBe(403);
    for (const dueOn of ['2030-02-30', 'tomorrow', '01/03/2030']) {
      const res = await assign(admin.client, { userId: member.userId, dueOn });
      expect(res.status, dueOn).toBe(422);
      expect(res.body).toMatchObject({ message: MESSAGES.badDueDate, field: 'dueOn' });
    }
    expect(
      (await admin.client.put(`/api/v1/subtitles/${spanish}/assignments/editor`, { userId: member.userId })).status,
    ).toBe(400);
    expect((await assign(admin.client, {})).status).toBe(400);
    // Nothing was assigned by any of these.
    expect((await member.client.get(`${ASSIGNMENTS_PATHS.mine}?workspaceId=${admin.workspaceId}`)).body.data).toEqual(
      [],
    );
  });

  it('another account sees nothing and changes nothing', async () => {
    const { admin, member, version, spanish } = await team(ctx);
    await admin.client.put(ASSIGNMENTS_PATHS.role(spanish, 'translator'), { userId: member.userId });
    const stranger = await confirmedUser(ctx);
    expect((await stranger.client.get(ASSIGNMENTS_PATHS.ofVersion(version))).status).toBe(404);
    expect((await stranger.client.get(`${ASSIGNMENTS_PATHS.assignees}?workspaceId=${admin.workspaceId}`)).status).toBe(
      404,
    );
    expect((await stranger.client.get(`${ASSIGNMENTS_PATHS.mine}?workspaceId=${admin.workspaceId}`)).status).toBe(404);
    expect((await stranger.client.delete(ASSIGNMENTS_PATHS.role(spanish, 'translator'))).status).toBe(404);
    expect(
      (await stranger.client.put(ASSIGNMENTS_PATHS.role(spanish, 'translator'), { userId: stranger.userId })).status,
    ).toBe(404);
    const still = await admin.client.get(ASSIGNMENTS_PATHS.ofVersion(version));
    expect(
      still.body.data.find((row: { id: string }) => row.id === spanish).attributes.translator.attributes.userId,
    ).toBe(member.userId);
    const people = await admin.client.get(`${ASSIGNMENTS_PATHS.assignees}?workspaceId=${admin.workspaceId}`);
    expect(people.body.data.map((p: { attributes: { name: string } }) => p.attributes.name)).toEqual([
      'Alice Admin',
      'Mo Member',
      'Rita Reviewer',
    ]);
  });
});

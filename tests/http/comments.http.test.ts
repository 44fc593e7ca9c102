import { expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, COMMENTS_MESSAGES, COMMENTS_PATHS } from '../../plugins/comments/common/comments-contract';
import { NOTIFICATIONS_PATHS } from '../../plugins/notifications/common/notifications-contract';
import { SUBTITLE_STORE } from '../../plugins/subtitles/common/subtitle-store';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { addToAccount, grantAccess } from './accounts-fixtures';
import { confirmedUser } from './auth-test-helpers';
import { newMember } from './projects-test-kit';
import { importFile, newSubtitle, newVersion, srtOf } from './subtitles-test-kit';

/**
 * @needs-plugins comments, notifications, webhooks, audit
 * Comments on cues (issue #25): threads on a cue by its live id, replies, one's own edits and
 * deletions, resolve / reopen with their domain events and audit entries, mentions of members that
 * mail them and fill their notification list, clear 4xx for bad input, and a thread staying on its
 * cue (or shown on a removed cue) when the cues are saved.
 */
describeOnBothDatabases('comments on cues, mentions and notifications', (ctx) => {
  async function team(context: TestAppContext) {
    const admin = await confirmedUser(context, { name: 'Alice', lastName: 'Admin' });
    const reviewer = await confirmedUser(context, { name: 'Rita', lastName: 'Reviewer' });
    await grantAccess(admin, [await addToAccount(admin, reviewer, 'reviewer')], [admin.workspaceId]);
    const version = await newVersion(context, admin);
    const subtitleId = await newSubtitle(admin.client, version, 'en');
    await importFile(
      admin.client,
      version,
      subtitleId,
      srtOf(3, (i) => `Cue ${i}`),
    );
    const cueIds = (await context.app.services.get(SUBTITLE_STORE).cueIds!(admin.workspaceId, subtitleId))!;
    return { admin, reviewer, version, subtitleId, cueIds };
  }

  const events = async (name: string, subtitleId: string) =>
    (
      await ctx.db.query<{ payload: Record<string, unknown> }>(
        `SELECT payload FROM domain_events WHERE name = $1 AND payload->>'subtitleId' = $2 ORDER BY occurred_at`,
        [name, subtitleId],
      )
    ).rows.map((row) => row.payload);

  it('a reviewer comments on a cue mentioning a member: the member is mailed, notified, and the link opens that cue', async () => {
    const { admin, reviewer, version, subtitleId, cueIds } = await team(ctx);
    const made = await reviewer.client.post(COMMENTS_PATHS.threads(subtitleId), {
      cueId: cueIds[1],
      text: '@Alice Admin is this line right?',
      mentions: [admin.userId],
    });
    expect(made.status).toBe(201);
    expect(made.body.data.attributes).toMatchObject({ cueId: cueIds[1], cueNumber: 2, resolved: false });
    expect(made.body.data.attributes.comments).toEqual([
      expect.objectContaining({
        authorName: 'Rita Reviewer',
        mentions: [admin.userId],
        text: '@Alice Admin is this line right?',
      }),
    ]);

    const mail = await ctx.waitForMail((m) => m.to === admin.email && /mentioned you/.test(m.subject));
    expect(mail.text).toContain('Rita Reviewer mentioned you on cue 2');
    expect(mail.links.some((link) => link.includes(`/subtitles/${subtitleId}?cue=${cueIds[1]}`))).toBe(true);

    const inbox = await admin.client.get(NOTIFICATIONS_PATHS.list);
    expect(inbox.body.meta.unreadCount).toBe(1);
    const [entry] = inbox.body.data;
    expect(entry.attributes.title).toContain('Rita Reviewer mentioned you on cue 2');
    expect(entry.attributes.link).toBe(
      `/projects/${(await ctx.db.query<{ p: string }>('SELECT project_id::text AS p FROM project_versions WHERE id = $1', [version])).rows[0].p}/project_versions/${version}/subtitles/${subtitleId}?cue=${cueIds[1]}`,
    );
    // Nobody else's list: the reviewer mentioned no one of theirs; another person cannot mark it read.
    expect((await reviewer.client.get(NOTIFICATIONS_PATHS.list)).body.meta.unreadCount).toBe(0);
    expect((await reviewer.client.post(NOTIFICATIONS_PATHS.read(entry.id), {})).status).toBe(404);
    const read = await admin.client.post(NOTIFICATIONS_PATHS.read(entry.id), {});
    expect(read.status).toBe(200);
    expect(read.body.data.attributes.readAt).toBeTruthy();
    expect((await admin.client.get(NOTIFICATIONS_PATHS.list)).body.meta.unreadCount).toBe(0);

    expect(await events('comments.added', subtitleId)).toEqual([
      expect.objectContaining({
        cueId: cueIds[1],
        userId: reviewer.userId,
        mentionedUserIds: [admin.userId],
        reply: false,
      }),
    ]);
    const audit = await ctx.db.query<{ action: string }>(
      `SELECT action FROM audit_entries WHERE account_id = $1 AND action LIKE 'comments.%'`,
      [admin.accountId],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['comments.added']);
  });

  it('replies, edits and deletes one’s own only, resolves and reopens once each, with their events', async () => {
    const { admin, reviewer, subtitleId, cueIds } = await team(ctx);
    // A webhook of the workspace subscribed to the comment events gets one delivery per event.
    const endpoint = await admin.client.post('/api/v1/webhook_endpoints', {
      workspaceId: admin.workspaceId,
      url: 'https://93.184.215.14/hook',
      eventTypes: ['comments.added', 'comments.resolved', 'comments.reopened'],
    });
    expect(endpoint.status).toBe(201);
    const thread = (await admin.client.post(COMMENTS_PATHS.threads(subtitleId), { cueId: cueIds[0], text: 'Too fast' }))
      .body.data;
    const reply = await reviewer.client.post(COMMENTS_PATHS.replies(thread.id), { text: 'Agreed' });
    expect(reply.status).toBe(201);
    const [first, second] = reply.body.data.attributes.comments;
    expect([first.text, second.text]).toEqual(['Too fast', 'Agreed']);

    const notMine = await admin.client.patch(COMMENTS_PATHS.comment(second.id), { text: 'Changed by Alice' });
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe(COMMENTS_MESSAGES.notYours);
    expect((await admin.client.delete(COMMENTS_PATHS.comment(second.id))).status).toBe(403);
    const edited = await reviewer.client.patch(COMMENTS_PATHS.comment(second.id), { text: 'Agreed, shorten it' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.attributes.comments[1]).toMatchObject({
      text: 'Agreed, shorten it',
      editedAt: expect.any(String),
    });

    const resolved = await reviewer.client.post(COMMENTS_PATHS.resolve(thread.id), {});
    expect(resolved.body.data.attributes).toMatchObject({ resolved: true, resolvedByName: 'Rita Reviewer' });
    await reviewer.client.post(COMMENTS_PATHS.resolve(thread.id), {});
    expect((await admin.client.post(COMMENTS_PATHS.reopen(thread.id), {})).body.data.attributes.resolved).toBe(false);
    expect(await events('comments.resolved', subtitleId)).toHaveLength(1);
    expect(await events('comments.reopened', subtitleId)).toHaveLength(1);
    const deliveries = await ctx.db.query<{ type: string }>(
      'SELECT event_type AS type FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id',
      [endpoint.body.data.id],
    );
    expect(deliveries.rows.map((row) => row.type)).toEqual([
      'comments.added',
      'comments.added',
      'comments.resolved',
      'comments.reopened',
    ]);

    expect((await reviewer.client.delete(COMMENTS_PATHS.comment(second.id))).body.meta.threadDeleted).toBe(false);
    expect((await admin.client.delete(COMMENTS_PATHS.comment(first.id))).body.meta.threadDeleted).toBe(true);
    expect((await admin.client.get(COMMENTS_PATHS.threads(subtitleId))).body.data).toEqual([]);
  });

  it('refuses bad input with clear 4xx, and another workspace’s subtitle or thread is a 404', async () => {
    const { admin, subtitleId, cueIds } = await team(ctx);
    const post = (body: object) => admin.client.post(COMMENTS_PATHS.threads(subtitleId), body);
    const refused = async (body: object) => {
      const res = await post(body);
      return [res.status, res.body.message];
    };
    expect(await refused({ cueId: cueIds[0], text: '   ' })).toEqual([422, COMMENTS_MESSAGES.emptyText]);
    expect(await refused({ cueId: cueIds[0], text: 'x'.repeat(COMMENT_MAX_LENGTH + 1) })).toEqual([
      422,
      COMMENTS_MESSAGES.tooLong,
    ]);
    expect(await refused({ cueId: 'no-such-cue', text: 'Hello' })).toEqual([422, COMMENTS_MESSAGES.noSuchCue]);
    const stranger = await newMember(ctx);
    expect(await refused({ cueId: cueIds[0], text: 'Hello', mentions: [stranger.userId] })).toEqual([
      422,
      COMMENTS_MESSAGES.notAMember,
    ]);
    expect((await post({ text: 'no cue' })).status).toBe(400);

    const thread = (await post({ cueId: cueIds[0], text: 'Mine' })).body.data;
    expect((await stranger.client.get(COMMENTS_PATHS.threads(subtitleId))).status).toBe(404);
    expect(
      (await stranger.client.post(COMMENTS_PATHS.threads(subtitleId), { cueId: cueIds[0], text: 'x' })).status,
    ).toBe(404);
    expect((await stranger.client.post(COMMENTS_PATHS.replies(thread.id), { text: 'x' })).status).toBe(404);
    expect((await stranger.client.post(COMMENTS_PATHS.resolve(thread.id), {})).status).toBe(404);
    expect((await stranger.client.get(COMMENTS_PATHS.people(subtitleId))).status).toBe(404);
    const people = (await admin.client.get(COMMENTS_PATHS.people(subtitleId))).body.data.map(
      (p: { name: string }) => p.name,
    );
    expect(people).toEqual(['Alice Admin', 'Rita Reviewer']);
  });

  it('a thread stays on its cue when the cues are saved; a thread whose cue was deleted is kept, on a removed cue', async () => {
    const { admin, reviewer, version, subtitleId, cueIds } = await team(ctx);
    await admin.client.post(COMMENTS_PATHS.threads(subtitleId), { cueId: cueIds[1], text: 'On the second' });
    await admin.client.post(COMMENTS_PATHS.threads(subtitleId), { cueId: cueIds[2], text: 'On the third' });
    const cuesPath = SUBTITLES_PATHS.cues(version, subtitleId);
    const revision = (await admin.client.get(cuesPath)).body.data.attributes.revision;
    const saved = await admin.client.put(cuesPath, {
      revision,
      cues: [
        { start: 0, end: 900, text: 'Cue 1 reworded' },
        { start: 1000, end: 1900, text: 'Cue 2 reworded' },
      ],
    });
    expect(saved.status).toBe(200);
    const threads = (await admin.client.get(COMMENTS_PATHS.threads(subtitleId))).body.data;
    expect(threads.map((t: { attributes: { cueNumber: number | null } }) => t.attributes.cueNumber)).toEqual([2, null]);
    // A reply there still tells the person mentioned.
    const reply = await reviewer.client.post(COMMENTS_PATHS.replies(threads[1].id), {
      text: 'Why was it cut?',
      mentions: [admin.userId],
    });
    expect(reply.body.data.attributes.cueNumber).toBeNull();
    const inbox = await admin.client.get(NOTIFICATIONS_PATHS.list);
    expect(inbox.body.data[0].attributes.title).toContain('Rita Reviewer mentioned you on a removed cue');
    expect((await admin.client.post(COMMENTS_PATHS.resolve(threads[1].id), {})).status).toBe(200);
    // Never in an export: the downloads read the cue rows, which hold no comment.
    const srt = await admin.client.get(`${SUBTITLES_PATHS.cues(version, subtitleId)}`);
    expect(JSON.stringify(srt.body)).not.toContain('On the second');
  });
});

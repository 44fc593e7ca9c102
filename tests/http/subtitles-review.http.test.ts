import { beforeAll, expect, it } from 'vitest';
import { LIVE_PATH } from '../../plugins/subtitles/common/live-contract';
import type { LiveCue } from '../../plugins/subtitles/common/live-cues';
import { SUBTITLES_PATHS, SUBTITLES_SERVER_MESSAGES } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { LiveTestEditor } from '../support/live-test-editor';
import { accountsPath, addToAccount, grantAccess } from './accounts-fixtures';
import { confirmedUser } from './auth-test-helpers';
import { cuesOf, importFile, newSubtitle, newVersion, srtOf } from './subtitles-test-kit';

/**
 * Review by cue (issue #25): each cue's state stored with it (rows and live document), kept by
 * saves and imports, one `subtitles.reviewChanged` event per action; and the reviewer role,
 * refused any change of text, times or the cue list over PUT …/cues, imports and the raw socket.
 */
describeOnBothDatabases('review by cue and the reviewer role', (ctx) => {
  let base = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  });

  const cookieOf = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const connect = (client: TestClient, path: string) =>
    LiveTestEditor.connect(`${base}${path}`, { cookie: cookieOf(client) });

  /** An admin with a subtitle of three cues, and a reviewer of the same workspace. */
  async function team(context: TestAppContext) {
    const admin = await confirmedUser(context, { name: 'Alice', lastName: 'Admin' });
    const reviewer = await confirmedUser(context, { name: 'Rita', lastName: 'Reviewer' });
    const reviewerAccountUserId = await addToAccount(admin, reviewer, 'reviewer');
    await grantAccess(admin, [reviewerAccountUserId], [admin.workspaceId]);
    const version = await newVersion(context, admin);
    const subtitleId = await newSubtitle(admin.client, version, 'en');
    await importFile(
      admin.client,
      version,
      subtitleId,
      srtOf(3, (i) => `Cue ${i}`),
    );
    return { admin, reviewer, reviewerAccountUserId, version, subtitleId, path: LIVE_PATH(version, subtitleId) };
  }

  const reviewEvents = async (subtitleId: string) =>
    (
      await ctx.db.query<{ payload: { moved: Record<string, number>; userId: string | null; by: string } }>(
        `SELECT payload FROM domain_events WHERE name = 'subtitles.reviewChanged' AND payload->>'subtitleId' = $1 ORDER BY occurred_at`,
        [subtitleId],
      )
    ).rows.map((row) => row.payload);

  const reviewsOf = async (client: TestClient, version: string, subtitleId: string) =>
    (await cuesOf(client, version, subtitleId)).map((cue) => (cue as { review?: string }).review ?? 'todo');

  it('a save sets states, an import keeps them by position (an approved cue whose text changed is reviewed again), one event per action', async () => {
    const { admin, version, subtitleId } = await team(ctx);
    const cuesPath = SUBTITLES_PATHS.cues(version, subtitleId);
    const revision = (await admin.client.get(cuesPath)).body.data.attributes.revision;
    const saved = await admin.client.put(cuesPath, {
      revision,
      cues: [
        { start: 1000, end: 2000, text: 'Cue 1', review: 'approved' },
        { start: 3000, end: 4000, text: 'Cue 2', review: 'approved' },
        { start: 5000, end: 6000, text: 'Cue 3', review: 'translated' },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.cues.map((cue: { review?: string }) => cue.review)).toEqual([
      'approved',
      'approved',
      'translated',
    ]);
    expect(await reviewEvents(subtitleId)).toEqual([
      {
        ...{ subtitleId, projectVersionId: version, language: 'en' },
        moved: { approved: 2, translated: 1 },
        userId: admin.userId,
        by: 'editor',
      },
    ]);

    // The file changes the second cue's words only: it loses its approval, the others keep theirs.
    await importFile(
      admin.client,
      version,
      subtitleId,
      srtOf(3, (i) => (i === 2 ? 'Cue 2, reworded' : `Cue ${i}`)),
    );
    expect(await reviewsOf(admin.client, version, subtitleId)).toEqual(['approved', 'reviewed', 'translated']);
    const events = await reviewEvents(subtitleId);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ moved: { reviewed: 1 }, by: 'import' });

    expect(
      (
        await admin.client.put(cuesPath, {
          revision: revision + 2,
          cues: [{ start: 0, end: 1, text: 'x', review: 'done' }],
        })
      ).status,
    ).toBe(400);
  });

  it('live: a range set in one action is one event, seen by the others and kept in the rows', async () => {
    const { admin, version, subtitleId, path } = await team(ctx);
    const ann = await connect(admin.client, path);
    const bob = await connect(admin.client, path);
    await Promise.all([ann.whenSynced(), bob.whenSynced()]);
    ann.edit(ann.cues().map((cue, i): LiveCue => (i < 2 ? { ...cue, review: 'reviewed' } : cue)));
    await bob.until(() => bob.cues().filter((cue) => cue.review === 'reviewed').length === 2);
    await ann.whenSaved();
    expect(await reviewEvents(subtitleId)).toEqual([
      expect.objectContaining({ moved: { reviewed: 2 }, userId: admin.userId, by: 'editor' }),
    ]);
    await Promise.all([ann.close(), bob.close()]);
    // The rows follow the document once the room settles (a second after the last edit, or as the last editor leaves).
    let rows: string[] = [];
    for (let tries = 0; tries < 100 && rows[0] !== 'reviewed'; tries++) {
      rows = await reviewsOf(admin.client, version, subtitleId);
      if (rows[0] !== 'reviewed') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows).toEqual(['reviewed', 'reviewed', 'todo']);
  });

  it('a reviewer sets review states live, but a change of text, times or cues is refused: the socket closes, nothing changes', async () => {
    const { admin, reviewer, version, subtitleId, path } = await team(ctx);
    const cuesPath = SUBTITLES_PATHS.cues(version, subtitleId);
    const read = await reviewer.client.get(cuesPath);
    // The editor learns from the cues it reads that this person reviews only (a read-only text column).
    expect(read.body.meta.reviewOnly).toBe(true);
    expect((await admin.client.get(cuesPath)).body.meta.reviewOnly).toBeUndefined();
    const revision = read.body.data.attributes.revision;

    const put = await reviewer.client.put(cuesPath, { revision, cues: [{ start: 0, end: 1000, text: 'Mine now' }] });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe(SUBTITLES_SERVER_MESSAGES.reviewerReadOnly);
    const imported = await importFile(
      reviewer.client,
      version,
      subtitleId,
      srtOf(1, () => 'Imported by a reviewer'),
    );
    expect(imported.status).toBe(403);
    expect(imported.body.message).toBe(SUBTITLES_SERVER_MESSAGES.reviewerReadOnly);

    const editor = await connect(admin.client, path);
    const rita = await connect(reviewer.client, path);
    await Promise.all([editor.whenSynced(), rita.whenSynced()]);
    rita.edit(rita.cues().map((cue, i): LiveCue => (i === 0 ? { ...cue, review: 'approved' } : cue)));
    await rita.whenSaved();
    await editor.until(() => editor.cues()[0].review === 'approved');
    expect(await reviewEvents(subtitleId)).toEqual([
      expect.objectContaining({ moved: { approved: 1 }, userId: reviewer.userId }),
    ]);

    // The raw update a modified client would send: the text of a cue, then a new cue.
    const closed = rita.closed();
    rita.type(1, 'Changed by the reviewer');
    expect(await closed).toBe(4403);
    const again = await connect(reviewer.client, path);
    await again.whenSynced();
    const added = again.closed();
    again.edit([...again.cues(), { id: 'extra', start: 9000, end: 9500, text: 'Added' }]);
    expect(await added).toBe(4403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(editor.texts()).toEqual(['Cue 1', 'Cue 2', 'Cue 3']);
    await editor.close();
    expect((await cuesOf(admin.client, version, subtitleId)).map((cue) => cue.text)).toEqual([
      'Cue 1',
      'Cue 2',
      'Cue 3',
    ]);
  });

  it('a reviewer’s mark is checked against the document as it is now: a cue an editor added since is markable, after a refusal too', async () => {
    const { admin, reviewer, path } = await team(ctx);
    const editor = await connect(admin.client, path);
    const rita = await connect(reviewer.client, path);
    await Promise.all([editor.whenSynced(), rita.whenSynced()]);
    // Her first mark: the room's guard makes its copy of the document.
    rita.edit(rita.cues().map((cue, i): LiveCue => (i === 0 ? { ...cue, review: 'reviewed' } : cue)));
    await rita.whenSaved();
    // The editor adds a cue; she marks it: the guard's copy has it (it follows the document).
    editor.edit([...editor.cues(), { id: 'added', start: 9000, end: 9500, text: 'Added by the editor' }]);
    await editor.whenSaved();
    await rita.until(() => rita.cues().length === 4);
    rita.edit(rita.cues().map((cue, i): LiveCue => (i === 3 ? { ...cue, review: 'approved' } : cue)));
    await rita.whenSaved();
    await editor.until(() => editor.cues()[3].review === 'approved');
    // A refused change, then a mark from a new socket: taken, and the refused text is nowhere.
    const closed = rita.closed();
    rita.type(1, 'Not hers');
    expect(await closed).toBe(4403);
    const again = await connect(reviewer.client, path);
    await again.whenSynced();
    again.edit(again.cues().map((cue, i): LiveCue => (i === 1 ? { ...cue, review: 'reviewed' } : cue)));
    await again.whenSaved();
    await editor.until(() => editor.cues()[1].review === 'reviewed');
    expect(editor.texts()).toEqual(['Cue 1', 'Cue 2', 'Cue 3', 'Added by the editor']);
    expect(editor.cues().map((cue) => cue.review ?? 'todo')).toEqual(['reviewed', 'reviewed', 'todo', 'approved']);
    await Promise.all([editor.close(), again.close()]);
  });

  it('the reviewer role is one an admin chooses for a person, and can take back', async () => {
    const { admin, reviewerAccountUserId } = await team(ctx);
    const listed = await admin.client.get(`${accountsPath.accountUsers}?accountId=${admin.accountId}`);
    expect(listed.body.data.find((row: { id: string }) => row.id === reviewerAccountUserId).attributes.role).toBe(
      'reviewer',
    );
    const changed = await admin.client.put(accountsPath.changeRole(reviewerAccountUserId), { role: 'member' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await admin.client.put(accountsPath.changeRole(reviewerAccountUserId), { role: 'reviewer' })).status).toBe(
      200,
    );
  });
});

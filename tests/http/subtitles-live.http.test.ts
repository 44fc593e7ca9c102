import { beforeAll, expect, it } from 'vitest';
import { LIVE_PATH } from '../../plugins/subtitles/common/live-contract';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { LiveTestEditor } from '../support/live-test-editor';
import { newMember } from './projects-test-kit';
import { cuesOf, importFile, newSubtitle, newVersion, srtOf } from './subtitles-test-kit';

/**
 * Live co-editing over the websocket (issue #25): who may open it (the same people as GET …/cues,
 * from this site's pages only), edits of two editors merging, the cue rows the rest of the
 * product reads following the document, and saves and imports reaching open editors.
 */
describeOnBothDatabases('live co-editing of a subtitle', (ctx) => {
  let base = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address() as { port: number };
    base = `ws://127.0.0.1:${address.port}`;
  });

  const cookieOf = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const connect = (client: TestClient | null, path: string, headers: Record<string, string> = {}) =>
    LiveTestEditor.connect(`${base}${path}`, { ...(client ? { cookie: cookieOf(client) } : {}), ...headers });
  const refusal = (opening: Promise<LiveTestEditor>) =>
    opening.then(
      async (editor) => {
        await editor.close();
        return 101;
      },
      (error: { status?: number }) => error.status ?? 0,
    );

  async function subtitleWithCues(context: TestAppContext, n = 3) {
    const member = await newMember(context);
    const version = await newVersion(context, member);
    const subtitleId = await newSubtitle(member.client, version, 'en');
    await importFile(
      member.client,
      version,
      subtitleId,
      srtOf(n, (i) => `Cue ${i}`),
    );
    return { member, version, subtitleId, path: LIVE_PATH(version, subtitleId) };
  }

  it('is refused, before any upgrade, to a visitor, another workspace, another site’s page and the wrong version', async () => {
    const { member, version, path } = await subtitleWithCues(ctx);
    const stranger = await newMember(ctx);
    const otherVersion = await newVersion(ctx, member, 'Other');

    expect(await refusal(connect(null, path))).toBe(401);
    expect(await refusal(connect(stranger.client, path))).toBe(404);
    expect(await refusal(connect(member.client, path, { origin: 'https://evil.example' }))).toBe(403);
    expect(await refusal(connect(member.client, LIVE_PATH(otherVersion, path.split('/')[6])))).toBe(404);
    // The member, from the site's own page, gets in and sees the cues.
    const editor = await connect(member.client, path, { origin: 'http://localhost:3000' });
    await editor.whenSynced();
    expect(editor.texts()).toEqual(['Cue 1', 'Cue 2', 'Cue 3']);
    await editor.close();
    expect(version).toBeTruthy();
  });

  it('merges edits of two editors to different cues; the same cue ends the same in both; the rows follow', async () => {
    const { member, version, subtitleId, path } = await subtitleWithCues(ctx);
    const ann = await connect(member.client, path);
    const bob = await connect(member.client, path);
    await Promise.all([ann.whenSynced(), bob.whenSynced()]);

    // At the same time, before either has heard of the other's edit.
    ann.type(0, 'Ann was here');
    bob.type(2, 'Bob was here');
    ann.type(1, 'Ann’s take');
    bob.type(1, 'Bob’s take');
    const expected = (texts: string[]) =>
      texts[0] === 'Ann was here' && texts[2] === 'Bob was here' && ['Ann’s take', 'Bob’s take'].includes(texts[1]);
    await ann.until(() => expected(ann.texts()) && ann.texts()[1] === bob.texts()[1]);
    await bob.until(() => expected(bob.texts()) && JSON.stringify(bob.texts()) === JSON.stringify(ann.texts()));
    await Promise.all([ann.whenSaved(), bob.whenSaved()]);

    // A newcomer gets the merged document; exports and downloads read the rows, which follow.
    const carol = await connect(member.client, path);
    await carol.whenSynced();
    expect(carol.texts()).toEqual(ann.texts());
    await Promise.all([ann.close(), bob.close(), carol.close()]);
    const rows = await waitForRows(member.client, version, subtitleId, (texts) => texts[0] === 'Ann was here');
    expect(rows).toEqual(ann.texts());
  });

  it('a save through PUT …/cues and an import reach an open editor; nothing acknowledged is lost on reopening', async () => {
    const { member, version, subtitleId, path } = await subtitleWithCues(ctx);
    const editor = await connect(member.client, path);
    await editor.whenSynced();
    const revision = (await member.client.get(SUBTITLES_PATHS.cues(version, subtitleId))).body.data.attributes.revision;
    const saved = await member.client.put(SUBTITLES_PATHS.cues(version, subtitleId), {
      revision,
      cues: [
        { start: 0, end: 1500, text: 'Saved elsewhere' },
        { start: 2000, end: 3500, text: 'Cue 2' },
      ],
    });
    expect(saved.status).toBe(200);
    await editor.until(() => editor.texts().join('|') === 'Saved elsewhere|Cue 2');

    await importFile(
      member.client,
      version,
      subtitleId,
      srtOf(4, (i) => `Imported ${i}`),
    );
    await editor.until(() => editor.texts().join('|') === 'Imported 1|Imported 2|Imported 3|Imported 4');

    editor.type(3, 'Typed live');
    await editor.whenSaved();
    await editor.close();
    const again = await connect(member.client, path);
    await again.whenSynced();
    expect(again.texts()).toEqual(['Imported 1', 'Imported 2', 'Imported 3', 'Typed live']);
    await again.close();
    expect(await waitForRows(member.client, version, subtitleId, (texts) => texts[3] === 'Typed live')).toHaveLength(4);
  });

  it('a save from before a colleague’s live edit gets the 409, never writes the old text back over it', async () => {
    const { member, version, subtitleId, path } = await subtitleWithCues(ctx);
    const cuesPath = SUBTITLES_PATHS.cues(version, subtitleId);
    // An editor that has not joined the live room yet (or a script) read the cues at this revision.
    const revision = (await member.client.get(cuesPath)).body.data.attributes.revision;
    const ann = await connect(member.client, path);
    await ann.whenSynced();
    ann.type(0, 'Ann typed live');
    await ann.whenSaved();

    // Stored in the document, not yet in the rows (they follow a second later): the save is
    // still from an older state, so it is refused as a conflict, not written over Ann's cue.
    const stale = await member.client.put(cuesPath, {
      revision,
      cues: [
        { start: 0, end: 1500, text: 'Cue 1' },
        { start: 2000, end: 3500, text: 'Cue 2 changed elsewhere' },
        { start: 4000, end: 5500, text: 'Cue 3' },
      ],
    });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.theirs.cues[0].text).toBe('Ann typed live');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ann.texts()).toEqual(['Ann typed live', 'Cue 2', 'Cue 3']);
    await ann.close();
    expect(await waitForRows(member.client, version, subtitleId, (texts) => texts[0] === 'Ann typed live')).toEqual([
      'Ann typed live',
      'Cue 2',
      'Cue 3',
    ]);
  });

  it('tells each editor who else is there and on which cue, and forgets who left', async () => {
    const { member, path } = await subtitleWithCues(ctx);
    const ann = await connect(member.client, path);
    const bob = await connect(member.client, path);
    await Promise.all([ann.whenSynced(), bob.whenSynced()]);
    const cue = ann.cues()[1].id;
    ann.present({ user: { name: 'Ann Lee', color: '#0b7285' }, cue });
    await bob.until(() => bob.others().some((state) => state.cue === cue));
    expect(bob.others()[0]).toMatchObject({ user: { name: 'Ann Lee' }, cue });
    await ann.close();
    await bob.until(() => bob.others().length === 0);
    await bob.close();
  });
});

async function waitForRows(
  client: TestClient,
  version: string,
  subtitleId: string,
  done: (texts: string[]) => boolean,
): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const texts = (await cuesOf(client, version, subtitleId)).map((cue) => cue.text);
    if (done(texts) || Date.now() > deadline) return texts;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

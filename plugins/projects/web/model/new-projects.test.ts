import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../core';
import { createProjectsTestKit, element, page, projectVersion } from '../testing/projects-test-kit';
import { describeFailure } from './downloading-elements';
import { DOWNLOAD_POLL_TASK, parseLinks } from './links-model';

const MB = 1024 * 1024;

async function openedKit() {
  const kit = createProjectsTestKit();
  await kit.start();
  await allSettled(kit.model.versions.pageOpened, { scope: kit.scope });
  await allSettled(kit.model.versions.selectionChanged, { scope: kit.scope, params: new Set(['1']) });
  return kit;
}

/** Every value the count takes (the reload of the app's workspaces then sets the server's figure). */
function watchCounts(kit: ReturnType<typeof createProjectsTestKit>) {
  const counts: (number | null)[] = [];
  kit.model.$projectCount.updates.watch((count) => counts.push(count));
  return counts;
}

/** Lets the upload effects reach the (fake) uploader. */
async function uploadsStarted(kit: ReturnType<typeof createProjectsTestKit>, count: number) {
  for (let i = 0; i < 50 && kit.uploader.started.length < count; i++) await new Promise((r) => setTimeout(r, 0));
  expect(kit.uploader.started).toHaveLength(count);
}

function submitReply(ids: string[], identifier = 'id1', maxElementBytes = 100 * MB) {
  return {
    projectVersions: { data: ids.map((id) => projectVersion(`v${id}`, { elementState: 'downloading', duration: 0 })) },
    elements: { data: ids.map((id) => element(id, { submitUrlIdentifier: identifier })) },
    meta: { numberOfProjects: 3 + ids.length, maxElementBytes },
  };
}

describe('links', () => {
  it('parses one link per line', () => {
    expect(parseLinks(' https://a.example/1 \n\nhttps://b.example/2\r\nhttps://a.example/1')).toEqual([
      'https://a.example/1',
      'https://b.example/2',
    ]);
  });

  it('submits the links with an identifier, adds the versions first, raises the count by their number and clears the selection', async () => {
    const kit = await openedKit();
    kit.api.reply('POST', '/api/v1/elements/youtube_dl_with_project', submitReply(['a', 'b']));
    const counts = watchCounts(kit);
    const reloads = kit.api.callsTo('GET', '/api/v1/accounts/a1/show_workspaces').length;
    await allSettled(kit.model.links.linksSubmitted, {
      scope: kit.scope,
      params: 'https://videos.example/a\nhttps://videos.example/b',
    });

    expect(kit.api.callsTo('POST', '/api/v1/elements/youtube_dl_with_project')[0].body).toEqual({
      workspaceId: 'w1',
      urls: ['https://videos.example/a', 'https://videos.example/b'],
      submitUrlIdentifier: 'id1',
    });
    expect(kit.rowIds()).toEqual(['va', 'vb', '1', '2']);
    // Raised at once by the two versions; the app's workspaces are then reloaded from the server.
    expect(counts[0]).toBe(5);
    expect(kit.api.callsTo('GET', '/api/v1/accounts/a1/show_workspaces')).toHaveLength(reloads + 1);
    expect(kit.scope.getState(kit.model.versions.$selection).size).toBe(0);
    expect(kit.scope.getState(kit.model.links.$followed).map((e) => [e.id, e.downloading])).toEqual([
      ['a', true],
      ['b', true],
    ]);
    expect(kit.polling.isRunning(DOWNLOAD_POLL_TASK)).toBe(true);
    expect(kit.toasts()).toContainEqual({ kind: 'success', title: 'Request submitted', description: undefined });
  });

  it('an element leaving the downloading state takes its size and duration, its rows are refreshed, and polling stops', async () => {
    const kit = await openedKit();
    kit.api.reply('POST', '/api/v1/elements/youtube_dl_with_project', submitReply(['a']));
    await allSettled(kit.model.links.linksSubmitted, { scope: kit.scope, params: 'https://videos.example/a' });

    kit.api.reply('POST', '/api/v1/elements/updates', { data: [element('a')], meta: { maxElementBytes: 100 * MB } });
    await kit.polling.tick(DOWNLOAD_POLL_TASK);
    await allSettled(kit.scope);
    expect(kit.api.callsTo('POST', '/api/v1/elements/updates')[0].body).toEqual({
      workspaceId: 'w1',
      elementIds: ['a'],
    });
    expect(kit.scope.getState(kit.model.links.$followed)[0].downloading).toBe(true);

    kit.api.reply('POST', '/api/v1/elements/updates', {
      data: [element('a', { state: 'ready', unformattedSize: 5 * MB, unformattedDuration: 3.04 })],
      meta: { maxElementBytes: 100 * MB },
    });
    kit.api.reply('POST', '/api/v1/project_versions/updates', {
      data: [projectVersion('va', { elementState: 'ready', duration: 3.04 })],
      meta: {},
    });
    await kit.polling.tick(DOWNLOAD_POLL_TASK);
    await allSettled(kit.scope);
    expect(kit.scope.getState(kit.model.links.$followed)[0]).toMatchObject({
      id: 'a',
      downloading: false,
      size: 5 * MB,
      duration: 3.04,
    });
    expect(kit.api.callsTo('POST', '/api/v1/project_versions/updates')[0].body).toEqual({
      workspaceId: 'w1',
      projectVersionIds: ['va'],
    });
    expect(kit.scope.getState(kit.model.versions.$rows)[0].attributes).toMatchObject({
      elementState: 'ready',
      duration: 3.04,
    });
    expect(kit.polling.isRunning(DOWNLOAD_POLL_TASK)).toBe(false);
  });

  it('a loaded row still downloading (imported elsewhere, e.g. from a channel) is followed until ready, without a reload', async () => {
    const kit = createProjectsTestKit();
    const downloading = (id: string) =>
      projectVersion(id, { elementId: 'e9', elementState: 'downloading', duration: 0 });
    kit.api.reply('GET', '/api/v1/project_versions', {
      data: [downloading('v9'), downloading('v10'), projectVersion('1')],
      meta: { page: 1, perPage: 50, hasMore: false, nextCursor: null },
    });
    await kit.start();
    await allSettled(kit.model.versions.pageOpened, { scope: kit.scope });
    expect(kit.scope.getState(kit.model.links.$followed)).toMatchObject([
      { id: 'e9', projectVersionIds: ['v9', 'v10'], downloading: true },
    ]);
    expect(kit.polling.isRunning(DOWNLOAD_POLL_TASK)).toBe(true);

    kit.api.reply('POST', '/api/v1/elements/updates', {
      data: [
        element('e9', {
          state: 'ready',
          projectVersionIds: ['v9', 'v10'],
          unformattedSize: MB,
          unformattedDuration: 12,
        }),
      ],
      meta: { maxElementBytes: 100 * MB },
    });
    kit.api.reply('POST', '/api/v1/project_versions/updates', {
      data: [projectVersion('v9', { elementId: 'e9', elementState: 'ready', duration: 12 })],
      meta: {},
    });
    await kit.polling.tick(DOWNLOAD_POLL_TASK);
    await allSettled(kit.scope);
    expect(kit.api.callsTo('POST', '/api/v1/project_versions/updates')[0].body).toEqual({
      workspaceId: 'w1',
      projectVersionIds: ['v9', 'v10'],
    });
    expect(kit.scope.getState(kit.model.versions.$rows)[0].attributes).toMatchObject({
      elementState: 'ready',
      duration: 12,
    });
    expect(kit.polling.isRunning(DOWNLOAD_POLL_TASK)).toBe(false);
  });

  it('an element the server deleted is removed, lowers the count and the versions are fetched again from page 1', async () => {
    const kit = await openedKit();
    kit.api.reply('POST', '/api/v1/elements/youtube_dl_with_project', submitReply(['a']));
    await allSettled(kit.model.links.linksSubmitted, { scope: kit.scope, params: 'https://videos.example/a' });
    const listCalls = kit.listCalls().length;
    kit.api.reply('POST', '/api/v1/elements/updates', { data: [], meta: { maxElementBytes: 100 * MB } });
    kit.api.reply('GET', '/api/v1/project_versions', page(['1', '2'], 1, false));
    await kit.polling.tick(DOWNLOAD_POLL_TASK);
    await allSettled(kit.scope);
    expect(kit.scope.getState(kit.model.links.$followed)).toEqual([]);
    expect(kit.listCalls().length).toBe(listCalls + 1);
    expect(kit.listCalls().at(-1)).toMatchObject({ page: 1 });
    expect(kit.rowIds()).toEqual(['1', '2']);
    expect(kit.scope.getState(kit.model.$projectCount)).toBe(3);
    expect(kit.polling.isRunning(DOWNLOAD_POLL_TASK)).toBe(false);
  });

  it('an element over the size limit is deleted and the versions are fetched again', async () => {
    const kit = await openedKit();
    kit.api.reply('POST', '/api/v1/elements/youtube_dl_with_project', submitReply(['a'], 'id1', 10 * MB));
    await allSettled(kit.model.links.linksSubmitted, { scope: kit.scope, params: 'https://videos.example/a' });
    kit.api.reply('POST', '/api/v1/elements/updates', {
      data: [element('a', { state: 'ready', unformattedSize: 50 * MB, unformattedDuration: 30 })],
      meta: { maxElementBytes: 10 * MB },
    });
    kit.api.reply('DELETE', '/api/v1/elements/a', {
      data: { id: 'a', projectVersionIds: ['va'] },
      meta: { numberOfProjects: 3 },
    });
    await kit.polling.tick(DOWNLOAD_POLL_TASK);
    await allSettled(kit.scope);
    expect(kit.api.callsTo('DELETE', '/api/v1/elements/a')).toHaveLength(1);
    expect(kit.listCalls().at(-1)).toMatchObject({ page: 1 });
    expect(kit.scope.getState(kit.model.$projectCount)).toBe(3);
    // Deleted as docs/product-contract.md#states-and-transitions says, and the user sees why until they dismiss it (nothing left to delete then).
    expect(kit.scope.getState(kit.model.links.$failedLinks).map((e) => [e.id, e.failure])).toEqual([
      ['a', { kind: 'too_large', reason: 'The file is larger than the allowed 10 MB', onServer: false }],
    ]);
    await allSettled(kit.model.links.failedLinkDismissed, { scope: kit.scope, params: 'a' });
    expect(kit.scope.getState(kit.model.links.$followed)).toEqual([]);
    expect(kit.api.callsTo('DELETE', '/api/v1/elements/a')).toHaveLength(1);
  });

  it('a link the server refused says "refused: <reason>" on its row and in a toast with Upgrade, lowers the count, and stays until dismissed', async () => {
    const kit = await openedKit();
    kit.api.reply('POST', '/api/v1/elements/youtube_dl_with_project', submitReply(['a', 'b']));
    await allSettled(kit.model.links.linksSubmitted, {
      scope: kit.scope,
      params: 'https://videos.example/a\nhttps://videos.example/b',
    });
    kit.api.reply('POST', '/api/v1/elements/updates', {
      data: [
        element('a', {
          state: 'failed',
          projectVersionIds: [],
          failureKind: 'too_large',
          failure: 'The file is larger than the allowed 500 MB',
        }),
        element('b', {
          state: 'failed',
          projectVersionIds: [],
          failureKind: 'private_address',
          failure: '192.168.0.1 is not on the public internet',
        }),
      ],
      meta: { maxElementBytes: 500 * MB },
    });
    kit.api.reply('GET', '/api/v1/project_versions', page(['1', '2'], 1, false));
    await kit.polling.tick(DOWNLOAD_POLL_TASK);
    await allSettled(kit.scope);

    const failed = kit.scope.getState(kit.model.links.$failedLinks);
    expect(failed.map((e) => [e.id, e.downloading, describeFailure(e.failure!)])).toEqual([
      ['a', false, 'refused: The file is larger than the allowed 500 MB'],
      ['b', false, 'refused: 192.168.0.1 is not on the public internet'],
    ]);
    expect(kit.polling.isRunning(DOWNLOAD_POLL_TASK)).toBe(false);
    expect(kit.rowIds()).toEqual(['1', '2']);
    expect(kit.scope.getState(kit.model.$projectCount)).toBe(3);
    const shown = kit.scope.getState(kit.toast.$toasts).find((t) => t.title === 'Element(s) could not be created!')!;
    expect(shown.description).toBe(
      'Link a: refused: The file is larger than the allowed 500 MB\nLink b: refused: 192.168.0.1 is not on the public internet',
    );
    expect(shown.action?.label).toBe('Upgrade');
    await allSettled(shown.action!.event, { scope: kit.scope });
    expect(kit.upgrades).toEqual(['The file is larger than the allowed 500 MB']);

    kit.api.reply('DELETE', '/api/v1/elements/b', {
      data: { id: 'b', projectVersionIds: [] },
      meta: { numberOfProjects: 3 },
    });
    await allSettled(kit.model.links.failedLinkDismissed, { scope: kit.scope, params: 'b' });
    expect(kit.api.callsTo('DELETE', '/api/v1/elements/b')).toHaveLength(1);
    expect(kit.scope.getState(kit.model.links.$failedLinks).map((e) => e.id)).toEqual(['a']);
  });

  it('a link that failed to download says "failed: <reason>", with no upgrade', async () => {
    const kit = await openedKit();
    kit.api.reply('POST', '/api/v1/elements/youtube_dl_with_project', submitReply(['a']));
    await allSettled(kit.model.links.linksSubmitted, { scope: kit.scope, params: 'https://videos.example/a' });
    kit.api.reply('POST', '/api/v1/elements/updates', {
      data: [
        element('a', {
          state: 'failed',
          projectVersionIds: [],
          failureKind: 'unreachable',
          failure: 'videos.example answered HTTP 404',
        }),
      ],
      meta: { maxElementBytes: 500 * MB },
    });
    await kit.polling.tick(DOWNLOAD_POLL_TASK);
    await allSettled(kit.scope);
    expect(kit.scope.getState(kit.model.links.$failedLinks).map((e) => describeFailure(e.failure!))).toEqual([
      'failed: videos.example answered HTTP 404',
    ]);
    const shown = kit.scope.getState(kit.toast.$toasts).find((t) => t.title === 'Element(s) could not be created!')!;
    expect(shown.description).toBe('Link a: failed: videos.example answered HTTP 404');
    expect(shown.action).toBeUndefined();
  });

  it('links that failed before (another visit) come back with the page, until dismissed', async () => {
    const kit = createProjectsTestKit();
    kit.api.reply('GET', '/api/v1/elements', {
      data: [
        element('old', {
          state: 'failed',
          projectVersionIds: [],
          failureKind: 'not_media',
          failure: 'No video was found at the link',
        }),
      ],
      meta: { maxElementBytes: 500 * MB },
    });
    await kit.start();
    await allSettled(kit.model.versions.pageOpened, { scope: kit.scope });
    expect(kit.api.callsTo('GET', '/api/v1/elements').at(-1)?.params).toMatchObject({
      workspaceId: 'w1',
      state: 'failed',
    });
    expect(kit.scope.getState(kit.model.links.$failedLinks).map((e) => [e.id, describeFailure(e.failure!)])).toEqual([
      ['old', 'failed: No video was found at the link'],
    ]);
    expect(kit.polling.isRunning(DOWNLOAD_POLL_TASK)).toBe(false);

    kit.api.reply('DELETE', '/api/v1/elements/old', {
      data: { id: 'old', projectVersionIds: [] },
      meta: { numberOfProjects: 3 },
    });
    await allSettled(kit.model.links.allFailedLinksDismissed, { scope: kit.scope });
    expect(kit.api.callsTo('DELETE', '/api/v1/elements/old')).toHaveLength(1);
    expect(kit.scope.getState(kit.model.links.$failedLinks)).toEqual([]);
  });

  it('elements of a submit no longer expected (cancelled) are deleted', async () => {
    const kit = await openedKit();
    kit.api.reply('POST', '/api/v1/elements/youtube_dl_with_project', () => {
      void allSettled(kit.model.links.submitCancelled, { scope: kit.scope, params: 'id1' });
      return submitReply(['a']);
    });
    kit.api.reply('DELETE', '/api/v1/elements/a', {
      data: { id: 'a', projectVersionIds: ['va'] },
      meta: { numberOfProjects: 3 },
    });
    await allSettled(kit.model.links.linksSubmitted, { scope: kit.scope, params: 'https://videos.example/a' });
    expect(kit.api.callsTo('DELETE', '/api/v1/elements/a')).toHaveLength(1);
    expect(kit.scope.getState(kit.model.links.$followed)).toEqual([]);
    expect(kit.polling.isRunning(DOWNLOAD_POLL_TASK)).toBe(false);
  });

  it('shows the spec messages when submitting or polling fails', async () => {
    const kit = await openedKit();
    kit.api.reply(
      'POST',
      '/api/v1/elements/youtube_dl_with_project',
      new ApiError('Each link must be an http or https URL', 422),
    );
    await allSettled(kit.model.links.linksSubmitted, { scope: kit.scope, params: 'ftp://x' });
    expect(kit.toasts()).toContainEqual({
      kind: 'error',
      title: 'URL(s) could not be submitted',
      description: 'Each link must be an http or https URL',
    });
    expect(kit.scope.getState(kit.model.links.$submitting)).toEqual([]);

    kit.api.reply('POST', '/api/v1/elements/youtube_dl_with_project', submitReply(['a'], 'id2'));
    await allSettled(kit.model.links.linksSubmitted, { scope: kit.scope, params: 'https://videos.example/a' });
    kit.api.reply('POST', '/api/v1/elements/updates', new ApiError('Down', 503));
    await kit.polling.tick(DOWNLOAD_POLL_TASK).catch(() => {});
    await allSettled(kit.scope);
    expect(kit.toasts()).toContainEqual({
      kind: 'error',
      title: 'Downloading elements could not be updated',
      description: 'Down',
    });
    expect(kit.polling.isRunning(DOWNLOAD_POLL_TASK)).toBe(true);
  });
});

describe('uploads', () => {
  const file = (name: string) => new File([new Uint8Array(2048)], name, { type: 'video/mp4' });

  it('uploads each file with progress, creates its project, puts it first, raises the count and clears the selection', async () => {
    const kit = await openedKit();
    kit.api.reply('POST', '/api/v1/elements/create_with_project', (call: { body: unknown }) => {
      const { elementId } = call.body as { elementId: string };
      return {
        data: element(elementId, { state: 'ready' }),
        projectVersions: { data: [projectVersion(`v-${elementId}`)] },
        meta: { numberOfProjects: 4 },
      };
    });
    const counts = watchCounts(kit);
    void allSettled(kit.model.uploads.filesChosen, {
      scope: kit.scope,
      params: [file('intro.mp4'), file('outro.mp4')],
    });
    await uploadsStarted(kit, 2);
    expect(kit.uploader.started.map((u) => [u.file.name, u.options.workspaceId])).toEqual([
      ['intro.mp4', 'w1'],
      ['outro.mp4', 'w1'],
    ]);

    kit.uploader.started[0].options.onProgress(0.5);
    expect(kit.scope.getState(kit.model.uploads.$uploads).map((u) => [u.name, u.progress, u.state])).toEqual([
      ['intro.mp4', 0.5, 'uploading'],
      ['outro.mp4', 0, 'uploading'],
    ]);

    kit.uploader.started[0].finish('e-intro');
    kit.uploader.started[1].fail(new Error('Connection lost for good'));
    await allSettled(kit.scope);
    expect(kit.api.callsTo('POST', '/api/v1/elements/create_with_project')[0].body).toEqual({
      workspaceId: 'w1',
      elementId: 'e-intro',
    });
    expect(kit.scope.getState(kit.model.uploads.$uploads).map((u) => u.state)).toEqual(['done', 'failed']);
    expect(kit.rowIds()[0]).toBe('v-e-intro');
    expect(counts[0]).toBe(4);
    // One of the two failed: the popup stays to say so, the new row is selected behind it, no page opens.
    expect([...kit.scope.getState(kit.model.versions.$selection)]).toEqual(['v-e-intro']);
    expect(kit.visits).toEqual([]);
    expect(kit.toasts().map((t) => t.title)).toEqual(
      expect.arrayContaining(['Project created', 'Element(s) could not be created!']),
    );
  });

  const createsProjects = (kit: ReturnType<typeof createProjectsTestKit>) =>
    kit.api.reply('POST', '/api/v1/elements/create_with_project', (call: { body: unknown }) => {
      const { elementId } = call.body as { elementId: string };
      return {
        data: element(elementId, { state: 'ready' }),
        projectVersions: { data: [projectVersion(`v-${elementId}`)] },
        meta: { numberOfProjects: 4 },
      };
    });

  it('after "Project created" for one file the version page opens (docs/product-contract.md#screens-and-routes) and the popup closes', async () => {
    const kit = await openedKit();
    createsProjects(kit);
    await allSettled(kit.model.newProjectOpened, { scope: kit.scope, params: 'upload' });
    void allSettled(kit.model.uploads.filesChosen, { scope: kit.scope, params: [file('intro.mp4')] });
    await uploadsStarted(kit, 1);
    kit.uploader.started[0].finish('e1');
    await allSettled(kit.scope);
    expect(kit.visits).toEqual(['/projects/pv-e1/project_versions/v-e1']);
    expect(kit.scope.getState(kit.model.$newProjectMode)).toBeNull();
  });

  it('after several projects are created together the list stays, with the new rows selected and the popup closed', async () => {
    const kit = await openedKit();
    createsProjects(kit);
    await allSettled(kit.model.newProjectOpened, { scope: kit.scope, params: 'upload' });
    void allSettled(kit.model.uploads.filesChosen, {
      scope: kit.scope,
      params: [file('a.mp4'), file('b.mp4'), file('c.mp4')],
    });
    await uploadsStarted(kit, 3);
    kit.uploader.started[0].finish('ea');
    for (let i = 0; i < 50 && kit.scope.getState(kit.model.uploads.$uploads)[0].state !== 'done'; i++)
      await new Promise((r) => setTimeout(r, 0));
    expect(kit.scope.getState(kit.model.uploads.$uploads).map((u) => u.state)).toEqual([
      'done',
      'uploading',
      'uploading',
    ]);
    // Not before the last file of the batch has its project.
    expect(kit.scope.getState(kit.model.$newProjectMode)).toBe('upload');
    kit.uploader.started[1].finish('eb');
    kit.uploader.started[2].finish('ec');
    await allSettled(kit.scope);
    expect(kit.visits).toEqual([]);
    expect([...kit.scope.getState(kit.model.versions.$selection)].sort()).toEqual(['v-ea', 'v-eb', 'v-ec']);
    expect(kit.scope.getState(kit.model.$newProjectMode)).toBeNull();
  });

  it('a cancelled upload is marked cancelled without an error toast; a refused project shows the spec message', async () => {
    const kit = await openedKit();
    const counts = watchCounts(kit);
    void allSettled(kit.model.uploads.filesChosen, { scope: kit.scope, params: [file('a.mp4'), file('b.mp4')] });
    await uploadsStarted(kit, 2);
    const [first, second] = kit.scope.getState(kit.model.uploads.$uploads);
    void allSettled(kit.model.uploads.uploadCancelled, { scope: kit.scope, params: first.id });
    kit.api.reply(
      'POST',
      '/api/v1/elements/create_with_project',
      new ApiError('The file is not a video or audio file', 422),
    );
    kit.uploader.started[1].finish('e-b');
    await allSettled(kit.scope);
    expect(kit.scope.getState(kit.model.uploads.$uploads).map((u) => [u.id, u.state])).toEqual([
      [first.id, 'cancelled'],
      [second.id, 'failed'],
    ]);
    expect(kit.toasts()).toEqual([
      { kind: 'error', title: 'Project could not be created', description: 'The file is not a video or audio file' },
    ]);
    expect(counts).toEqual([]);
  });
});

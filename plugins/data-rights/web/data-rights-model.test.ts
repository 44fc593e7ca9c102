import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createToastService } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import { DATA_RIGHTS_MESSAGES, DATA_RIGHTS_PATHS, type AccountExportResource } from '../common/data-rights-contract';
import { createDataRightsModel } from './data-rights-model';

const made: AccountExportResource = {
  id: '7',
  type: 'accountExport',
  attributes: {
    accountId: '1',
    state: 'queued',
    progress: 0,
    includeMedia: true,
    fileName: null,
    sizeBytes: null,
    downloadUrl: null,
    failure: null,
    createdAt: '2026-11-27T08:00:00.000Z',
    expiresAt: null,
  },
};

function setUp(api: FakeApiClient) {
  const followed: { sourceId: string; id: string }[] = [];
  const left: string[] = [];
  const model = createDataRightsModel({
    api,
    toast: createToastService(),
    logger: { error: () => {} },
    chrome: { followProgress: (item) => void followed.push(item) },
    leave: (path) => void left.push(path),
  });
  return { model, followed, left, scope: fork() };
}

describe('data rights model', () => {
  it('asks for an export, lists it first and follows it in the progress panel', async () => {
    const api = new FakeApiClient().reply('POST', DATA_RIGHTS_PATHS.exports, { data: made });
    const { model, followed, scope } = setUp(api);
    await allSettled(model.exportRequested, { scope, params: { accountId: '1', includeMedia: true } });
    expect(api.callsTo('POST', DATA_RIGHTS_PATHS.exports)[0].body).toEqual({ accountId: '1', includeMedia: true });
    expect(scope.getState(model.$exports).map((e) => e.id)).toEqual(['7']);
    expect(followed).toEqual([{ sourceId: 'data-rights', id: '7' }]);
  });

  it('shows why one’s own user cannot be deleted, and leaves once it is', async () => {
    const refusal = DATA_RIGHTS_MESSAGES.lastAdmin(['Acme']);
    const api = new FakeApiClient().reply(
      'DELETE',
      DATA_RIGHTS_PATHS.ownUser,
      new ApiError(refusal, 422, 'last_admin'),
    );
    const { model, left, scope } = setUp(api);
    await allSettled(model.userDeletionRequested, { scope, params: 'ann@example.com' });
    expect(scope.getState(model.$userDeletionError)).toBe(refusal);
    expect(left).toEqual([]);

    api.reply('DELETE', DATA_RIGHTS_PATHS.ownUser, { data: { deleted: true } });
    await allSettled(model.userDeletionRequested, { scope, params: 'ann@example.com' });
    expect(scope.getState(model.$userDeletionError)).toBeNull();
    expect(left).toEqual(['/users/sign_in']);
  });

  it('shows a pending deletion and keeps the account', async () => {
    const deletion = {
      accountId: '1',
      requestedAt: '2026-11-27T08:00:00.000Z',
      eraseAfter: '2026-12-11T08:00:00.000Z',
    };
    const api = new FakeApiClient()
      .reply('GET', DATA_RIGHTS_PATHS.exports, { data: [] })
      .reply('GET', DATA_RIGHTS_PATHS.deletions, { data: deletion })
      .reply('DELETE', DATA_RIGHTS_PATHS.deletion('1'), { data: null });
    const { model, scope } = setUp(api);
    await allSettled(model.opened, { scope, params: '1' });
    expect(scope.getState(model.$deletion)).toEqual(deletion);
    await allSettled(model.deletionCancelled, { scope, params: '1' });
    expect(scope.getState(model.$deletion)).toBeNull();
  });
});

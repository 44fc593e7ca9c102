import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createToastService } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import type { AlertResource } from '../common/operators-contract';
import { createOperatorsModel, shownAlert } from './operators-model';

const alertOf = (id: string, message: string, active = true): AlertResource => ({
  id,
  type: 'alert',
  attributes: { message, linkLabel: null, linkUrl: null, active, createdAt: '2026-11-27T05:00:00Z' },
});

function setUp() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const model = createOperatorsModel({ api, toast, logger: { error: () => {} } });
  const scope = fork();
  const toasts = () =>
    scope.getState(toast.$toasts).map(({ kind, title, description }) => ({ kind, title, description }));
  return { api, model, scope, toasts };
}

describe("operators' alert model", () => {
  it('publishes (first in the list), corrects in place and withdraws, each with its toast', async () => {
    const kit = setUp();
    kit.api.reply('GET', '/api/v1/alerts', { data: [alertOf('1', 'Old news', false)] });
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    kit.api.reply('POST', '/api/v1/alerts', { data: alertOf('2', 'Maintenance tonight') });
    await allSettled(kit.model.publishSubmitted, {
      scope: kit.scope,
      params: { message: 'Maintenance tonight', linkLabel: null, linkUrl: null },
    });
    expect(kit.api.callsTo('POST', '/api/v1/alerts')[0].body).toEqual({
      message: 'Maintenance tonight',
      linkLabel: null,
      linkUrl: null,
    });
    expect(kit.scope.getState(kit.model.$alerts).map((a) => a.id)).toEqual(['2', '1']);
    expect(shownAlert(kit.scope.getState(kit.model.$alerts))?.id).toBe('2');

    kit.api.reply('PUT', '/api/v1/alerts/2', { data: alertOf('2', 'Maintenance at 23:00') });
    await allSettled(kit.model.editSubmitted, {
      scope: kit.scope,
      params: { id: '2', fields: { message: 'Maintenance at 23:00', linkLabel: null, linkUrl: null } },
    });
    kit.api.reply('DELETE', '/api/v1/alerts/2', { data: alertOf('2', 'Maintenance at 23:00', false) });
    await allSettled(kit.model.withdrawRequested, { scope: kit.scope, params: '2' });
    expect(kit.scope.getState(kit.model.$alerts).map((a) => [a.attributes.message, a.attributes.active])).toEqual([
      ['Maintenance at 23:00', false],
      ['Old news', false],
    ]);
    expect(shownAlert(kit.scope.getState(kit.model.$alerts))).toBeNull();
    expect(kit.toasts().map((t) => t.title)).toEqual(['Alert published', 'Alert saved', 'Alert withdrawn']);
    expect(kit.scope.getState(kit.model.$saves)).toBe(2);
  });

  it('keeps the server sentence on the field it names; a refused list is said on the page', async () => {
    const kit = setUp();
    kit.api.reply(
      'POST',
      '/api/v1/alerts',
      new ApiError('The link must start with http://, https:// or /', 422, 'invalid', 'linkUrl'),
    );
    await allSettled(kit.model.publishSubmitted, {
      scope: kit.scope,
      params: { message: 'Hi', linkLabel: 'More', linkUrl: 'ftp://x' },
    });
    expect(kit.scope.getState(kit.model.$fieldError)).toEqual({
      field: 'linkUrl',
      message: 'The link must start with http://, https:// or /',
    });
    expect(kit.toasts()).toEqual([
      {
        kind: 'error',
        title: 'Alert could not be published',
        description: 'The link must start with http://, https:// or /',
      },
    ]);
    expect(kit.scope.getState(kit.model.$saves)).toBe(0);

    kit.api.reply('GET', '/api/v1/alerts', new ApiError('Only instance operators can do this', 403, 'forbidden'));
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    expect(kit.scope.getState(kit.model.$loadError)).toBe('Only instance operators can do this');
  });
});

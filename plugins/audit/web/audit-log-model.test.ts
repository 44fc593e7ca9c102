import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createToastService } from '../../../core';
import { FakeApiClient, type RecordedCall } from '../../../core/testing/fake-api-client';
import type { AuditEntryResource } from '../common/audit-contract';
import { createAuditLogModel, exportUrl } from './audit-log-model';

const entry = (id: number, action = 'auth.signedIn'): AuditEntryResource => ({
  id: String(id),
  type: 'auditEntry',
  attributes: {
    occurredAt: '2026-11-27T08:00:00.000Z',
    action,
    actorUserId: '1',
    actorEmail: 'ann@example.com',
    workspaceId: null,
    targetType: 'user',
    targetId: '1',
    changes: null,
    ip: '127.0.0.1',
    userAgent: 'test',
    requestId: 'r',
  },
});

/** 120 entries, newest (id 120) first, served 50 at a time below `before`, filtered by action. */
function serveLog(call: RecordedCall) {
  const params = call.params as Record<string, string>;
  const before = params.before ? Number(params.before) : 121;
  const all = Array.from({ length: 120 }, (_, i) => entry(120 - i, i % 2 ? 'auth.signInFailed' : 'auth.signedIn'));
  const matching = all.filter(
    (e) => Number(e.id) < before && (!params.action || e.attributes.action === params.action),
  );
  return { data: matching.slice(0, 50), meta: { hasMore: matching.length > 50 } };
}

function setUp() {
  const api = new FakeApiClient().reply('GET', '/api/v1/audit_entries', serveLog);
  const toast = createToastService();
  const model = createAuditLogModel({ api, toast, logger: { error: () => {} } });
  const scope = fork();
  const ids = () => scope.getState(model.$entries).map((e) => Number(e.id));
  return { api, toast, model, scope, ids };
}

describe('audit log model', () => {
  it('opens on the newest page and appends the next pages as the table scrolls, until none is left', async () => {
    const kit = setUp();
    await allSettled(kit.model.opened, { scope: kit.scope, params: '7' });
    expect(kit.ids().slice(0, 2)).toEqual([120, 119]);
    await allSettled(kit.model.endReached, { scope: kit.scope });
    await allSettled(kit.model.endReached, { scope: kit.scope });
    expect(kit.ids()).toHaveLength(120);
    expect(kit.ids().at(-1)).toBe(1);
    expect(kit.scope.getState(kit.model.$hasMore)).toBe(false);
    await allSettled(kit.model.endReached, { scope: kit.scope });
    expect(kit.api.callsTo('GET', '/api/v1/audit_entries')).toHaveLength(3);
    expect(kit.api.calls.map((c) => (c.params as Record<string, string>).before)).toEqual([undefined, '71', '21']);
  });

  it('a filter change starts the list again with the filter; a stale page asked before it is dropped', async () => {
    const kit = setUp();
    await allSettled(kit.model.opened, { scope: kit.scope, params: '7' });
    // The next page of the old list answers only after the filtered list's first page: it must not land in it.
    let answerStale = () => {};
    const staleAnswered = new Promise<void>((resolve) => (answerStale = resolve));
    kit.api.reply('GET', '/api/v1/audit_entries', async (call: RecordedCall) => {
      if ((call.params as Record<string, string>).before) await staleAnswered;
      return serveLog(call);
    });
    const settled = Promise.all([
      allSettled(kit.model.endReached, { scope: kit.scope }),
      allSettled(kit.model.filtersChanged, { scope: kit.scope, params: { action: 'auth.signInFailed', actor: ' ' } }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    answerStale();
    await settled;
    const entries = kit.scope.getState(kit.model.$entries);
    expect(entries.every((e) => e.attributes.action === 'auth.signInFailed')).toBe(true);
    expect(entries).toHaveLength(50);
    expect(kit.api.calls.find((c) => (c.params as Record<string, string>).action)?.params).toEqual({
      accountId: '7',
      limit: '50',
      action: 'auth.signInFailed',
    });
  });

  it("says 'Audit log could not be loaded' with the server's reason", async () => {
    const kit = setUp();
    kit.api.reply('GET', '/api/v1/audit_entries', new ApiError('Only account admins can do this', 403));
    await allSettled(kit.model.opened, { scope: kit.scope, params: '7' });
    expect(kit.scope.getState(kit.toast.$toasts).map((t) => [t.title, t.description])).toEqual([
      ['Audit log could not be loaded', 'Only account admins can do this'],
    ]);
    expect(kit.scope.getState(kit.model.$loadError)).toBe('Only account admins can do this');
  });

  it('exports the filters that say something', () => {
    expect(exportUrl('7', 'csv', { actor: 'ann', action: '', from: '2026-11-01' })).toBe(
      '/api/v1/audit_entries/export?accountId=7&format=csv&actor=ann&from=2026-11-01',
    );
  });
});

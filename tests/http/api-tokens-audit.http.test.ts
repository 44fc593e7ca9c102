import { expect, it } from 'vitest';
import { API_TOKENS_PATHS } from '../../plugins/api-tokens/common/api-tokens-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { confirmedUser } from './auth-test-helpers';

// @needs-plugins audit (the log these events are named in): scripts/check-plugin-removal.mjs leaves this file out without it.

/**
 * The api-tokens plugin publishes created and revoked; the audit log names each, with the person
 * as actor, the token as target, and what it could do (name, scope, workspace) — never the secret.
 */
describeOnBothDatabases('API tokens in the audit log', (ctx) => {
  it('a created and a revoked token: one entry each, with the person as actor and the token as target', async () => {
    const admin = await confirmedUser(ctx);
    const created = await admin.client.post(API_TOKENS_PATHS.tokens, {
      accountId: admin.accountId,
      name: 'Nightly import',
      scope: 'read',
      workspaceId: admin.workspaceId,
      expiresInDays: 30,
    });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.data.id;
    const secret: string = created.body.data.attributes.token;
    const prefix: string = created.body.data.attributes.prefix;
    expect((await admin.client.delete(API_TOKENS_PATHS.token(id))).status).toBe(200);
    // Revoking it again finds nothing: a 404, and no second entry.
    expect((await admin.client.delete(API_TOKENS_PATHS.token(id))).status).toBe(404);

    const log = await admin.client.get(`/api/v1/audit_entries?accountId=${admin.accountId}`);
    expect(log.status).toBe(200);
    const entries = (log.body.data as { attributes: Record<string, any> }[])
      .map((entry) => entry.attributes)
      .filter((entry) => entry.action.startsWith('api-tokens.'));
    expect(entries.map((entry) => entry.action)).toEqual(['api-tokens.revoked', 'api-tokens.created']);
    for (const entry of entries)
      expect(entry).toMatchObject({
        actorEmail: admin.email,
        targetType: 'apiToken',
        targetId: id,
        workspaceId: admin.workspaceId,
      });
    expect(entries[1].changes).toEqual({
      after: {
        name: 'Nightly import',
        scope: 'read',
        workspaceId: admin.workspaceId,
        expiresAt: created.body.data.attributes.expiresAt,
      },
    });
    expect(entries[0].changes).toEqual({
      before: { name: 'Nightly import', scope: 'read', workspaceId: admin.workspaceId },
    });
    const written = JSON.stringify(entries);
    expect(written).not.toContain(secret);
    expect(written).not.toContain(prefix);
  });
});

import { expect, it } from 'vitest';
import type { DomainEventRef } from '../../core/common/domain-event';
import { ACCOUNT_MEMBER_ADDED, ACCOUNT_MEMBER_REMOVED } from '../../plugins/accounts/common/account-events';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import {
  PROJECT_VERSION_CREATED,
  PROJECT_VERSIONS_DELETED,
  PROJECT_VERSIONS_RESTORED,
} from '../../plugins/projects/common/project-events';
import { BILLING_PATHS } from '../../plugins/billing/common/billing-contract';
import { SUBSCRIPTION_CHANGED } from '../../plugins/billing/common/billing-events';
import { EXPORT_READY } from '../../plugins/exports/common/export-events';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { SUBTITLE_SAVED } from '../../plugins/subtitles/common/subtitle-events';
import { defineServerPlugin, PLUGIN_API_MAJOR, subscribeTo } from '../../server/plugin-api';
import { serverPlugins } from '../../server/plugins';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { accountsPath, accountUserIdOf, addToAccount } from './accounts-fixtures';
import { confirmedUser } from './auth-test-helpers';
import { createExport, waitForExport } from './exports-test-kit';
import { newSubtitle, newVersion, importFile } from './subtitles-test-kit';

/**
 * The first-party plugins publish their domain events when people act through the API: a
 * listener plugin (as an audit log would be) subscribes to each and keeps what it hears.
 */
const HEARD: DomainEventRef<unknown>[] = [
  PROJECT_VERSION_CREATED,
  PROJECT_VERSIONS_DELETED,
  PROJECT_VERSIONS_RESTORED,
  SUBTITLE_SAVED,
  ACCOUNT_MEMBER_ADDED,
  ACCOUNT_MEMBER_REMOVED,
  SUBSCRIPTION_CHANGED,
  EXPORT_READY,
];

const listener = defineServerPlugin({
  id: 'event-listener',
  apiVersion: PLUGIN_API_MAJOR,
  migrations: [
    {
      id: '202612270101_event_listener_log',
      sql: 'CREATE TABLE event_listener_log (name text NOT NULL, account_id bigint, workspace_id bigint, payload jsonb NOT NULL)',
    },
  ],
  subscriptions: HEARD.map((event) =>
    subscribeTo(event, `event-listener.${event.name}`, async (heard, { tx }) => {
      await tx.query(
        'INSERT INTO event_listener_log (name, account_id, workspace_id, payload) VALUES ($1, $2, $3, $4)',
        [heard.name, heard.accountId, heard.workspaceId, JSON.stringify(heard.payload)],
      );
    }),
  ),
});

async function heard(ctx: TestAppContext, name: string, tenant: { workspaceId?: string; accountId?: string }) {
  await ctx.runJobs();
  const { rows } = await ctx.db.query<{ payload: Record<string, unknown> }>(
    'SELECT payload FROM event_listener_log WHERE name = $1 AND (workspace_id::text = $2 OR account_id::text = $3) ORDER BY payload::text',
    [name, tenant.workspaceId ?? null, tenant.accountId ?? null],
  );
  return rows.map((row) => row.payload);
}

describeOnBothDatabases(
  'domain events the plugins publish',
  { plugins: [...serverPlugins, listener], config: { undoDeleteSeconds: 30 } },
  (ctx) => {
    it('projects: a created version, a deletion and its undo, each heard once with the workspace; a refused creation publishes nothing', async () => {
      const alice = await confirmedUser(ctx);
      const created = await alice.client.post(PROJECTS_PATHS.projects, {
        workspaceId: alice.workspaceId,
        title: 'Launch video',
      });
      expect(created.status).toBe(201);
      const versionId: string = created.body.data[0].id;
      expect(
        (await alice.client.post(PROJECTS_PATHS.projects, { workspaceId: alice.workspaceId, title: '   ' })).status,
      ).toBe(422);
      const createdEvents = await heard(ctx, 'projects.versionCreated', { workspaceId: alice.workspaceId });
      expect(createdEvents).toEqual([
        { projectVersionId: versionId, projectId: expect.any(String), title: 'Launch video', source: 'upload' },
      ]);

      expect(
        (
          await alice.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
            workspaceId: alice.workspaceId,
            projectVersionIds: [versionId],
          })
        ).status,
      ).toBe(200);
      // Deleting again changes nothing, so nothing is published.
      await alice.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
        workspaceId: alice.workspaceId,
        projectVersionIds: [versionId],
      });
      expect(await heard(ctx, 'projects.versionsDeleted', { workspaceId: alice.workspaceId })).toEqual([
        { projectVersionIds: [versionId] },
      ]);
      expect(
        (
          await alice.client.post(PROJECTS_PATHS.restoreProjectVersions, {
            workspaceId: alice.workspaceId,
            projectVersionIds: [versionId],
          })
        ).status,
      ).toBe(200);
      expect(await heard(ctx, 'projects.versionsRestored', { workspaceId: alice.workspaceId })).toEqual([
        { projectVersionIds: [versionId] },
      ]);
    });

    it('subtitles: an import and an editor save are each heard once, with the new revision', async () => {
      const alice = await confirmedUser(ctx);
      const member = { client: alice.client, userId: alice.userId, workspaceId: alice.workspaceId };
      const versionId = await newVersion(ctx, member);
      const subtitleId = await newSubtitle(alice.client, versionId, 'en');
      expect(
        (await importFile(alice.client, versionId, subtitleId, '1\n00:00:01,000 --> 00:00:02,000\nHello\n')).status,
      ).toBe(200);
      const imported = await heard(ctx, 'subtitles.saved', { workspaceId: alice.workspaceId });
      expect(imported).toEqual([
        expect.objectContaining({ subtitleId, projectVersionId: versionId, language: 'en', by: 'import' }),
      ]);

      const revision = imported[0].revision as number;
      const save = await alice.client.put(SUBTITLES_PATHS.cues(versionId, subtitleId), {
        revision,
        cues: [{ start: 1000, end: 2500, text: 'Hello there' }],
      });
      expect(save.status).toBe(200);
      // A save from a stale revision is refused (409) and publishes nothing.
      expect((await alice.client.put(SUBTITLES_PATHS.cues(versionId, subtitleId), { revision, cues: [] })).status).toBe(
        409,
      );
      const saves = await heard(ctx, 'subtitles.saved', { workspaceId: alice.workspaceId });
      expect(saves.map((event) => event.by).sort()).toEqual(['editor', 'import']);
      expect(saves.find((event) => event.by === 'editor')!.revision).toBe(save.body.data.attributes.revision);
      expect(save.body.data.attributes.revision).toBeGreaterThan(revision);
    });

    it('accounts: a member added and removed, each heard once with the account', async () => {
      const admin = await confirmedUser(ctx);
      const person = await confirmedUser(ctx);
      await addToAccount(admin, person);
      const accountUserId = await accountUserIdOf(ctx, admin.accountId, person.userId);
      expect(await heard(ctx, 'accounts.memberAdded', { accountId: admin.accountId })).toEqual([
        { accountUserId, userId: person.userId, role: 'member' },
      ]);
      const removed = await admin.client.delete(accountsPath.deleteAccountUsers, {
        accountId: admin.accountId,
        ids: [accountUserId],
      });
      expect(removed.status).toBe(200);
      expect(await heard(ctx, 'accounts.memberRemoved', { accountId: admin.accountId })).toEqual([
        { accountUserId, userId: person.userId },
      ]);
    });

    it('billing: a checkout publishes subscriptionChanged once with the account; completing it again changes nothing and publishes nothing', async () => {
      const admin = await confirmedUser(ctx);
      const started = await admin.client.post(BILLING_PATHS.startCheckout, {
        accountId: admin.accountId,
        plan: 'starter',
      });
      expect(started.status).toBe(200);
      const session = new URL(started.body.redirect_uri, 'http://x').searchParams.get('session')!;
      expect((await admin.client.post(BILLING_PATHS.completeLocalCheckout(session), {})).status).toBe(200);
      expect((await admin.client.post(BILLING_PATHS.completeLocalCheckout(session), {})).status).toBe(409);
      expect(await heard(ctx, 'billing.subscriptionChanged', { accountId: admin.accountId })).toEqual([
        { provider: 'local', plan: 'starter', status: 'active', currentPeriodEnd: expect.any(String) },
      ]);
    });

    it('exports: a made export publishes exports.ready once, with its file', async () => {
      const alice = await confirmedUser(ctx);
      const versionId = await newVersion(
        ctx,
        { client: alice.client, userId: alice.userId, workspaceId: alice.workspaceId },
        'Harbour tour',
      );
      const subtitleId = await newSubtitle(alice.client, versionId, 'en');
      expect(
        (await importFile(alice.client, versionId, subtitleId, '1\n00:00:01,000 --> 00:00:02,000\nHello\n')).status,
      ).toBe(200);
      const created = await createExport(alice.client, {
        projectVersionId: versionId,
        kind: 'subtitles',
        subtitleId,
        format: 'vtt',
      });
      const done = await waitForExport(ctx, alice.client, created.id);
      expect(await heard(ctx, 'exports.ready', { workspaceId: alice.workspaceId })).toEqual([
        {
          exportationId: created.id,
          projectVersionId: versionId,
          kind: 'subtitles',
          fileName: done.attributes.fileName,
          sizeBytes: expect.any(Number),
        },
      ]);
    });
  },
);

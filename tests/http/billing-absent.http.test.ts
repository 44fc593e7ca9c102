import { expect, it } from 'vitest';
import { PIPELINE_PATHS } from '../../plugins/pipeline/common/pipeline-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { serverPlugins } from '../../server/plugins';
import { describeOnBothDatabases } from '../support/test-app';
import { accountOf, runsOf, seedRun, seedVersion, setup } from './billing-test-kit';
import { newMember } from './projects-test-kit';

/**
 * Plans reach the pipeline, projects and accounts only through their extension points (billing's
 * plan-policies.ts): an installation without the billing plugin limits nothing. Each case below is
 * refused on the Free plan when billing is installed (tests/http/billing.http.test.ts).
 */
describeOnBothDatabases(
  'without the billing plugin nothing is limited',
  { plugins: serverPlugins.filter((plugin) => plugin.id !== 'billing') },
  (ctx) => {
    it('sets up past the Free minutes and translations, shows no allowance, keeps the installation video limit, adds people past 3 seats', async () => {
      const member = await newMember(ctx);
      const past = await seedVersion(ctx.db, ctx.app.storage, member.workspaceId, 60);
      await seedRun(ctx.db, member.workspaceId, past, 45 * 60_000);
      const clip = await seedVersion(ctx.db, ctx.app.storage, member.workspaceId, 2);

      const settings = await member.client.get(
        `${PIPELINE_PATHS.showSettings}?workspaceId=${member.workspaceId}&projectVersionIds=${clip}`,
      );
      expect(settings.body.data).toMatchObject({ subscriptionSubtitlesLength: null, targetLanguagesAllowed: null });
      expect((await setup(member, clip, ['es', 'ca'])).status).toBe(202);
      expect(await runsOf(ctx.db, clip)).toBe(1);

      const elements = await member.client.get(`${PROJECTS_PATHS.elements}?workspaceId=${member.workspaceId}`);
      expect(elements.body.meta.maxElementBytes).toBe(ctx.config.maxElementBytes);

      const accountId = await accountOf(ctx.db, member.workspaceId);
      const tag = Math.random().toString(36).slice(2, 8);
      const emails = ['a', 'b', 'c', 'd'].map((name) => `${name}.${tag}@example.com`);
      const invited = await member.client.post(`/api/v1/accounts/${accountId}/create_account_users`, {
        emails,
        role: 'member',
      });
      expect(invited.status).toBe(200);
    });
  },
);

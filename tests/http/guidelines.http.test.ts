import { expect, it } from 'vitest';
import { GUIDELINES_PATHS } from '../../plugins/guidelines/common/guidelines-contract';
import { GUIDELINE_LOOKUP } from '../../plugins/pipeline/common/pipeline-services';
import { translationAidsOf } from '../../plugins/pipeline/server/workspace-resources';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, type Member } from './projects-test-kit';

const create = (member: Member, name: string, extra: Record<string, unknown> = {}) =>
  member.client.post(GUIDELINES_PATHS.guidelines, { workspaceId: member.workspaceId, name, ...extra });
const list = (member: Member, query = '') =>
  member.client.get(`${GUIDELINES_PATHS.guidelines}?workspaceId=${member.workspaceId}${query}`);
const names = async (member: Member) =>
  (await list(member)).body.data.map((g: any) => [g.attributes.name, g.attributes.isDefault]);

describeOnBothDatabases(
  'guidelines: GET/POST /api/v1/guidelines/, PUT/DELETE …/{id}, update_default, destroy_default',
  (ctx) => {
    it('creates (trimmed, words never to translate cleaned), lists, searches, edits and deletes', async () => {
      const member = await newMember(ctx);
      const created = await create(member, '  House style ', {
        prompt: ' Translate for a general audience. ',
        parameters: {
          formality: 'informal',
          tone: ' friendly ',
          maxCharsPerSecond: 17,
          doNotTranslate: [' Polycue ', 'polycue', ''],
        },
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        type: 'guideline',
        attributes: {
          name: 'House style',
          prompt: 'Translate for a general audience.',
          isDefault: false,
          parameters: { formality: 'informal', tone: 'friendly', maxCharsPerSecond: 17, doNotTranslate: ['Polycue'] },
        },
      });
      await create(member, 'Legal', { prompt: 'Formal, precise wording.' });
      expect(await names(member)).toEqual([
        ['House style', false],
        ['Legal', false],
      ]);
      expect((await list(member, '&search=precise')).body.data.map((g: any) => g.attributes.name)).toEqual(['Legal']);

      const id = created.body.data.id;
      const edited = await member.client.put(GUIDELINES_PATHS.guideline(id), { prompt: 'Short lines.' });
      expect(edited.body.data.attributes).toMatchObject({
        name: 'House style',
        prompt: 'Short lines.',
        parameters: { formality: 'informal' },
      });
      expect((await member.client.delete(GUIDELINES_PATHS.guideline(id))).body).toEqual({ data: { id } });
      expect((await member.client.delete(GUIDELINES_PATHS.guideline(id))).status).toBe(404);
      expect(await names(member)).toEqual([['Legal', false]]);
    });

    it('keeps one default per workspace: update_default moves it, destroy_default clears it; the default is listed first', async () => {
      const member = await newMember(ctx);
      const a = (await create(member, 'Alpha')).body.data.id;
      const b = (await create(member, 'Beta')).body.data.id;
      expect((await member.client.put(GUIDELINES_PATHS.updateDefault(b), {})).body.data.attributes.isDefault).toBe(
        true,
      );
      expect(await names(member)).toEqual([
        ['Beta', true],
        ['Alpha', false],
      ]);
      expect((await member.client.put(GUIDELINES_PATHS.updateDefault(a))).status).toBe(200); // no body at all
      expect(await names(member)).toEqual([
        ['Alpha', true],
        ['Beta', false],
      ]);
      expect((await member.client.delete(GUIDELINES_PATHS.destroyDefault(a))).body.data.attributes.isDefault).toBe(
        false,
      );
      expect(await names(member)).toEqual([
        ['Alpha', false],
        ['Beta', false],
      ]);
    });

    it('refuses bad input with a clear 4xx, changing nothing', async () => {
      const member = await newMember(ctx);
      expect((await create(member, '   ')).body).toMatchObject({
        statusCode: 422,
        message: "Name can't be blank",
        field: 'name',
      });
      expect((await create(member, 'x'.repeat(81))).body).toMatchObject({
        statusCode: 422,
        message: 'Name is too long (maximum is 80 characters)',
      });
      expect((await create(member, 'Long', { prompt: 'p'.repeat(4001) })).body).toMatchObject({
        statusCode: 422,
        message: 'The prompt is too long (maximum is 4000 characters)',
      });
      expect((await create(member, 'Odd', { parameters: { formality: 'shouty' } })).status).toBe(400);
      expect(
        (
          await create(member, 'Many', {
            parameters: { doNotTranslate: Array.from({ length: 201 }, (_, i) => `w${i}`) },
          })
        ).body,
      ).toMatchObject({ statusCode: 422, field: 'parameters' });
      expect(await names(member)).toEqual([]);
    });

    it('another workspace’s guideline is a 404 to read, change, make default or delete', async () => {
      const owner = await newMember(ctx);
      const stranger = await newMember(ctx);
      const secret = (await create(owner, 'Secret style', { prompt: 'Hush' })).body.data.id;
      for (const res of [
        await stranger.client.put(GUIDELINES_PATHS.guideline(secret), { name: 'Mine' }),
        await stranger.client.put(GUIDELINES_PATHS.updateDefault(secret), {}),
        await stranger.client.delete(GUIDELINES_PATHS.destroyDefault(secret)),
        await stranger.client.delete(GUIDELINES_PATHS.guideline(secret)),
      ]) {
        expect(res.status).toBe(404);
      }
      const foreign = await stranger.client.get(`${GUIDELINES_PATHS.guidelines}?workspaceId=${owner.workspaceId}`);
      expect(foreign.status).toBe(404);
      expect(foreign.text).not.toContain('Secret');
    });

    it('reaches the translation: its prompt and register as instructions, its words kept by every engine as glossary entries onto themselves', async () => {
      const member = await newMember(ctx);
      const id = (
        await create(member, 'Brand', {
          prompt: 'Keep it short.',
          parameters: { formality: 'formal', doNotTranslate: ['Polycue', 'Harbour Line'] },
        })
      ).body.data.id;
      expect(ctx.app.services.find(GUIDELINE_LOOKUP)).toBeDefined();
      const aids = await translationAidsOf(
        ctx.app.services,
        ctx.db,
        member.workspaceId,
        { language: 'en', guidelineId: id } as never,
        'es',
      );
      expect(aids.guideline).toBe('Keep it short.\nUse a formal register.');
      expect(aids.glossary).toEqual([
        { source: 'Polycue', target: 'Polycue' },
        { source: 'Harbour Line', target: 'Harbour Line' },
      ]);
    });
  },
);

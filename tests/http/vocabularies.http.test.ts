import { describe, expect, it } from 'vitest';
import { PIPELINE_PATHS } from '../../plugins/pipeline/common/pipeline-contract';
import { VOCABULARIES_PATHS } from '../../plugins/vocabularies/common/vocabularies-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { newMember, type Member } from './projects-test-kit';

const create = (member: Member, name: string, utterances?: string[]) =>
  member.client.post(VOCABULARIES_PATHS.vocabularies, {
    workspaceId: member.workspaceId,
    name,
    ...(utterances ? { utterances } : {}),
  });
const list = (member: Member, query = '') =>
  member.client.get(`${VOCABULARIES_PATHS.vocabularies}?workspaceId=${member.workspaceId}${query}`);

/** A version whose element has a stored file, so a set-up is accepted (the run itself fails on a file that is not media). */
async function versionToSetUp(ctx: TestAppContext, member: Member): Promise<string> {
  const q = async (sql: string, params: unknown[]) =>
    (await ctx.db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;
  const key = `elements/${member.workspaceId}/vocabularies-test/video.mp4`;
  await ctx.app.storage.put(key, Buffer.from('not really a video'), 'video/mp4');
  const projectId = await q('INSERT INTO projects (workspace_id, title) VALUES ($1, $2)', [
    member.workspaceId,
    'Brand video',
  ]);
  const elementId = await q(
    `INSERT INTO elements (workspace_id, project_id, title, state, size_bytes, duration_ms, storage_key) VALUES ($1, $2, 'v', 'ready', 18, 2000, $3)`,
    [member.workspaceId, projectId, key],
  );
  return q(
    'INSERT INTO project_versions (project_id, workspace_id, element_id, title, duration_ms) VALUES ($1, $2, $3, $4, 2000)',
    [projectId, member.workspaceId, elementId, 'Brand video'],
  );
}

describeOnBothDatabases('vocabularies: GET/POST /api/v1/vocabularies/, PUT/DELETE /api/v1/vocabularies/{id}', (ctx) => {
  it('creates (trimmed, one entry per word or phrase, repeats dropped), lists by name, edits and deletes', async () => {
    const member = await newMember(ctx);
    const created = await create(member, '  Brands ', [' Polycue ', 'polycue', '', 'Zorbatron  Prime']);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'vocabulary',
      attributes: { name: 'Brands', utterances: ['Polycue', 'Zorbatron Prime'], workspaceId: member.workspaceId },
    });
    await create(member, 'anatomy', ['humerus']);
    expect((await list(member)).body.data.map((v: any) => v.attributes.name)).toEqual(['anatomy', 'Brands']);
    // Search finds a name or an entry, ignoring case.
    expect((await list(member, '&search=zorba')).body.data.map((v: any) => v.attributes.name)).toEqual(['Brands']);

    const id = created.body.data.id;
    const renamed = await member.client.put(VOCABULARIES_PATHS.vocabulary(id), { name: 'Brand names' });
    expect(renamed.body.data.attributes).toMatchObject({
      name: 'Brand names',
      utterances: ['Polycue', 'Zorbatron Prime'],
    });
    const edited = await member.client.put(VOCABULARIES_PATHS.vocabulary(id), { utterances: ['Quibbleflux'] });
    expect(edited.body.data.attributes).toMatchObject({ name: 'Brand names', utterances: ['Quibbleflux'] });
    expect((await member.client.delete(VOCABULARIES_PATHS.vocabulary(id))).body).toEqual({ data: { id } });
    expect((await member.client.delete(VOCABULARIES_PATHS.vocabulary(id))).status).toBe(404);
    expect((await list(member)).body.data.map((v: any) => v.attributes.name)).toEqual(['anatomy']);
  });

  it('refuses a blank or too long name and too many or too long entries with a clear 422, changing nothing', async () => {
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
    expect(
      (
        await create(
          member,
          'Big',
          Array.from({ length: 1001 }, (_, i) => `word${i}`),
        )
      ).body,
    ).toMatchObject({ statusCode: 422, field: 'utterances' });
    expect((await create(member, 'Long', ['y'.repeat(101)])).body).toMatchObject({
      message: 'An entry is too long (maximum is 100 characters)',
    });
    const ok = await create(member, 'Kept', ['alpha']);
    expect((await member.client.put(VOCABULARIES_PATHS.vocabulary(ok.body.data.id), { name: ' ' })).status).toBe(422);
    expect((await list(member)).body.data.map((v: any) => v.attributes)).toEqual([
      expect.objectContaining({ name: 'Kept', utterances: ['alpha'] }),
    ]);
  });

  it('pages the lists of a busy workspace', async () => {
    const member = await newMember(ctx);
    for (let i = 0; i < 52; i += 1)
      await ctx.db.query('INSERT INTO vocabulary_lists (workspace_id, name) VALUES ($1, $2)', [
        member.workspaceId,
        `List ${String(i).padStart(2, '0')}`,
      ]);
    const first = await list(member);
    expect(first.body.data).toHaveLength(50);
    expect(first.body.meta).toEqual({ page: 1, perPage: 50, hasMore: true });
    const second = await list(member, '&page=2');
    expect(second.body.data.map((v: any) => v.attributes.name)).toEqual(['List 50', 'List 51']);
    expect(second.body.meta.hasMore).toBe(false);
  });

  it('another workspace’s list is a 404 to read, change or delete, and its name never leaks', async () => {
    const owner = await newMember(ctx);
    const stranger = await newMember(ctx);
    const secret = await create(owner, 'Secret brands', ['Hushword']);
    expect(
      (await stranger.client.put(VOCABULARIES_PATHS.vocabulary(secret.body.data.id), { name: 'Mine' })).status,
    ).toBe(404);
    expect((await stranger.client.delete(VOCABULARIES_PATHS.vocabulary(secret.body.data.id))).status).toBe(404);
    const foreign = await stranger.client.get(`${VOCABULARIES_PATHS.vocabularies}?workspaceId=${owner.workspaceId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Secret');
  });

  it('a set-up may name a list of its own workspace, never one of another', async () => {
    const member = await newMember(ctx);
    const other = await newMember(ctx);
    const own = await create(member, 'Brands', ['Polycue']);
    const foreign = await create(other, 'Theirs', ['Hushword']);
    const versionId = await versionToSetUp(ctx, member);
    const setUp = (vocabularyListId: string) =>
      member.client.put(PIPELINE_PATHS.setup, {
        projectVersionIds: [versionId],
        includesTranscript: false,
        workspaceId: member.workspaceId,
        settings: { language: 'en', subtitleLanguages: [], vocabularyListId },
      });
    const refused = await setUp(foreign.body.data.id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/vocabulary list/i);
    expect((await setUp(own.body.data.id)).status).toBe(202);
  });
});

describe('vocabularies contract', () => {
  it('names every call of docs/product-contract.md#calls', () => {
    expect(VOCABULARIES_PATHS.vocabularies).toBe('/api/v1/vocabularies/');
    expect(VOCABULARIES_PATHS.vocabulary('7')).toBe('/api/v1/vocabularies/7');
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHANNELS_PATHS } from '../../plugins/channels/common/channels-contract';
import { channelProviders } from '../../plugins/channels/server/channel-providers';
import { describeOnBothDatabases } from '../support/test-app';
import { startYoutubeDouble, type YoutubeDouble } from './channels-test-kit';
import { newMember, type Member } from './projects-test-kit';

/**
 * The YouTube adapter against a local double of Google's OAuth token endpoint and the Data API
 * v3: authorization URL with state and PKCE, the callback's redirects (good, wrong, replayed,
 * denied), channels.list mine=true, the uploads playlist paged, a reload refreshing the token.
 */

let double: YoutubeDouble;
const ENV = [
  'YOUTUBE_CLIENT_ID',
  'YOUTUBE_CLIENT_SECRET',
  'YOUTUBE_AUTH_URL',
  'YOUTUBE_TOKEN_URL',
  'YOUTUBE_API_URL',
] as const;

// Before the suites build their apps, which read the provider configuration.
beforeAll(async () => {
  double = await startYoutubeDouble('127.0.0.1');
  Object.assign(process.env, {
    YOUTUBE_CLIENT_ID: 'test-client',
    YOUTUBE_CLIENT_SECRET: 'test-secret',
    YOUTUBE_AUTH_URL: `${double.origin}/auth`,
    YOUTUBE_TOKEN_URL: `${double.origin}/token`,
    YOUTUBE_API_URL: `${double.origin}/youtube/v3`,
  });
});

afterAll(async () => {
  for (const name of ENV) delete process.env[name];
  await double?.close();
});

async function authorize(member: Member): Promise<URL> {
  const res = await member.client.post(CHANNELS_PATHS.connect, {
    workspaceId: member.workspaceId,
    provider: 'youtube',
  });
  expect(res.status).toBe(200);
  return new URL(res.body.redirect_uri);
}
const callback = (member: Member, query: Record<string, string>) =>
  member.client.get(`${CHANNELS_PATHS.callback}?${new URLSearchParams(query)}`);

describeOnBothDatabases('external channels from YouTube (OAuth 2 + Data API v3, local double)', (ctx) => {
  it('is offered only when configured', async () => {
    expect([...channelProviders(ctx.config, {}).keys()]).toEqual(['feed']);
    const member = await newMember(ctx);
    const list = await member.client.get(`${CHANNELS_PATHS.channels}?workspaceId=${member.workspaceId}`);
    expect(list.body.meta.providers.map((p: any) => p.id)).toEqual(['feed', 'youtube']);
  });

  it('sends the browser to the authorization URL and back; the callback checks the state, then reads the uploads', async () => {
    const member = await newMember(ctx);
    const url = await authorize(member);
    expect(url.origin + url.pathname).toBe(`${double.origin}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'test-client',
      redirect_uri: 'http://localhost:3000/api/v1/external_channels/callback',
      scope: 'https://www.googleapis.com/auth/youtube.readonly',
      code_challenge_method: 'S256',
      access_type: 'offline',
    });
    const state = url.searchParams.get('state')!;
    double.consent('code-1', url.searchParams.get('code_challenge')!);

    const wrong = await callback(member, { state: 'forged', code: 'code-1' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.location).toBe('/external_channels?connectError=state');
    // Another person's browser cannot finish it.
    const other = await newMember(ctx);
    expect((await callback(other, { state, code: 'code-1' })).headers.location).toBe(
      '/external_channels?connectError=state',
    );

    const back = await callback(member, { state, code: 'code-1' });
    expect(back.status).toBe(303);
    const channelId = /connected=(\d+)$/.exec(String(back.headers.location))![1];
    expect((await callback(member, { state, code: 'code-1' })).headers.location).toBe(
      '/external_channels?connectError=state',
    );

    const channel = (await member.client.get(`${CHANNELS_PATHS.channels}?workspaceId=${member.workspaceId}`)).body
      .data[0];
    expect(channel).toMatchObject({
      id: channelId,
      attributes: {
        name: 'Test Studio',
        provider: 'youtube',
        sourceUrl: 'https://www.youtube.com/channel/UCtest',
        videosCount: 12,
      },
    });
    const page = await member.client.get(
      `${CHANNELS_PATHS.videos}?workspaceId=${member.workspaceId}&externalChannelId=${channelId}&page=2`,
    );
    expect(page.body.meta).toEqual({ page: 2, videosPerPage: 10, count: 12, pages: 2 });
    expect(page.body.data.map((v: any) => v.attributes.url)).toEqual([
      'https://www.youtube.com/watch?v=vid11',
      'https://www.youtube.com/watch?v=vid12',
    ]);
    // The video's description and its medium (320 px) thumbnail, which an import stores a copy of.
    expect(page.body.data[0].attributes).toMatchObject({
      description: 'About upload 11.',
      thumbnailUrl: 'https://i.ytimg.com/vi/vid11/mqdefault.jpg',
    });
    expect(JSON.stringify(page.body)).not.toContain('access-1');

    // An hour later: the reload refreshes the token first.
    await ctx.db.query(
      `UPDATE external_channels SET credentials = jsonb_set(credentials, '{expiresAt}', '0') WHERE id = $1`,
      [channelId],
    );
    const grantsBefore = double.grants.length;
    expect((await member.client.post(CHANNELS_PATHS.reload(channelId))).status).toBe(202);
    await ctx.runJobs();
    expect(double.grants.slice(grantsBefore)).toEqual(['refresh_token']);
    const reloaded = (await member.client.get(`${CHANNELS_PATHS.channels}?workspaceId=${member.workspaceId}`)).body
      .data[0].attributes;
    expect(reloaded).toMatchObject({ state: 'ready', videosCount: 12 });
    const { rows } = await ctx.db.query<{ token: string }>(
      `SELECT credentials->>'accessToken' AS token FROM external_channels WHERE id = $1`,
      [channelId],
    );
    expect(rows[0].token).toBe('access-2');
  });

  it('a refusal at the provider or a bad code comes back as an error on the channels page, nothing connected', async () => {
    const member = await newMember(ctx);
    const denied = await authorize(member);
    expect(
      (await callback(member, { state: denied.searchParams.get('state')!, error: 'access_denied' })).headers.location,
    ).toBe('/external_channels?connectError=denied');
    const badCode = await authorize(member);
    expect(
      (await callback(member, { state: badCode.searchParams.get('state')!, code: 'never-issued' })).headers.location,
    ).toBe('/external_channels?connectError=failed');
    expect((await member.client.get(`${CHANNELS_PATHS.channels}?workspaceId=${member.workspaceId}`)).body.data).toEqual(
      [],
    );
  });
});

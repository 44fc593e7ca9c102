import { expect, it } from 'vitest';
import { ACCOUNTS_PATHS } from '../../plugins/accounts/common/accounts-contract';
import { AUTH_PATHS } from '../../plugins/auth/common/auth-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases } from '../support/test-app';
import type { TestResponse } from '../support/test-client';
import { confirmedUser, uniqueEmail } from './auth-test-helpers';
import { newMember } from './projects-test-kit';
import { newSubtitle, newVersion } from './subtitles-test-kit';

/**
 * Input an attacker would send (issue 14, "Bad input and hardening"): NUL bytes, lone surrogates
 * and other control characters in any string, and broken multipart bodies. Each is refused where
 * the request enters with a 4xx in the app's error shape; none reaches the database as a 500.
 */

const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
const BELL = 'a\u0007b';

function expectRefused(res: TestResponse, status = 400): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String) });
}

describeOnBothDatabases('hostile strings and broken multipart', (ctx) => {
  it('refuses NUL, lone surrogates and C0 controls in JSON bodies of public routes, naming the field', async () => {
    const client = ctx.client();
    for (const bad of [NUL, SURROGATE, BELL]) {
      const signIn = await client.post(AUTH_PATHS.signIn, {
        user: { email: `x${bad}@example.com`, password: 'whatever' },
      });
      expectRefused(signIn);
      expect(signIn.body).toMatchObject({ code: 'invalid_characters', field: 'user.email' });
      expect(signIn.body.message).toMatch(/user\.email contains a character that is not allowed/);
      expectRefused(await client.post(AUTH_PATHS.password, { user: { email: `x${bad}@example.com` } }));
      expectRefused(await client.post(AUTH_PATHS.confirmation, { user: { email: `x${bad}@example.com` } }));
      expectRefused(
        await client.post(AUTH_PATHS.signUp, {
          user: { email: uniqueEmail(), password: 'correct horse battery', name: bad },
        }),
      );
      expectRefused(
        await client.post(AUTH_PATHS.signUp, {
          user: { email: uniqueEmail(), password: 'correct horse battery', lastName: bad },
        }),
      );
      expectRefused(
        await client.post(AUTH_PATHS.signUp, {
          user: { email: uniqueEmail(), password: 'correct horse battery' },
          anonymousId: bad,
        }),
      );
    }
  });

  it('keeps tabs and line ends, which text may carry, and refuses control characters in object keys', async () => {
    const user = await confirmedUser(ctx);
    const ok = await user.client.put(AUTH_PATHS.updateProfile, {
      user: { name: 'Tab\there', lastName: 'Line\r\nend' },
    });
    expect(ok.status, ok.text).toBeLessThan(300);
    const fine = await user.client.put(AUTH_PATHS.survey, { survey: { answers: { role: 'Editor\nand writer' } } });
    expect(fine.status, fine.text).toBeLessThan(300);
    const survey = await user.client.put(AUTH_PATHS.survey, { survey: { answers: { [`key${NUL}`]: 'x' } } });
    expectRefused(survey);
    expect(survey.body.field).toBe('survey.answers');
    expectRefused(await user.client.put(AUTH_PATHS.survey, { survey: { answers: { role: ['fine', SURROGATE] } } }));
  });

  it('refuses them in member routes, form posts and query strings', async () => {
    const user = await confirmedUser(ctx);
    expectRefused(await user.client.put(AUTH_PATHS.updateProfile, { user: { name: NUL } }));
    expectRefused(await user.client.put(ACCOUNTS_PATHS.renameAccount(user.accountId), { name: NUL }));
    expectRefused(await user.client.put(ACCOUNTS_PATHS.renameWorkspace(user.workspaceId), { name: SURROGATE }));
    expectRefused(await user.client.post(ACCOUNTS_PATHS.createWorkspace(user.accountId), { name: BELL }));
    const search = await user.client.get(
      `${ACCOUNTS_PATHS.accountUsers}?accountId=${user.accountId}&search=%00&page=1`,
    );
    expectRefused(search);
    expect(search.body).toMatchObject({ field: 'search' });
    expectRefused(
      await user.client.get(`${ACCOUNTS_PATHS.accountUsers}?accountId=${user.accountId}&search=x%07&page=1`),
    );
    expectRefused(
      await ctx.client().postForm(AUTH_PATHS.signIn, { 'user[email]': `x${NUL}@example.com`, 'user[password]': 'x' }),
    );
  });

  it('refuses a tus upload whose filename holds a control character, before anything is stored', async () => {
    const member = await newMember(ctx);
    const metadata = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(',');
    const res = await member.client.post(PROJECTS_PATHS.uploads, undefined, {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': metadata({ workspaceId: member.workspaceId, filename: `clip${NUL}.mp4` }),
      },
    });
    expectRefused(res);
    expect(res.body).toMatchObject({ field: 'filename' });
    expect(res.headers.location).toBeUndefined();
  });

  it('reads a subtitle cue holding a NUL as the WebVTT algorithm does (U+FFFD), never a 500', async () => {
    const member = await newMember(ctx);
    const versionId = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, versionId);
    for (const [name, file] of [
      ['a.srt', `1\n00:00:01,000 --> 00:00:02,000\nHel\u0000lo\n`],
      ['a.vtt', `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHel\u0000lo\n`],
    ] as const) {
      const res = await member.client.postMultipart(SUBTITLES_PATHS.importSrt(versionId, subtitleId), {
        files: [{ field: 'srt_content', filename: name, contentType: 'application/octet-stream', content: file }],
      });
      expect(res.status, res.text).toBeLessThan(300);
      const cues = await member.client.get(SUBTITLES_PATHS.cues(versionId, subtitleId));
      expect(JSON.stringify(cues.body)).toContain('Hel\ufffdlo');
    }
  });

  it('answers multipart without a boundary or with a truncated part with 400 and a clear message', async () => {
    const member = await newMember(ctx);
    const user = await confirmedUser(ctx);
    const versionId = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, versionId);
    const targets = [
      { client: user.client, path: AUTH_PATHS.changeAvatar, field: 'avatar' },
      { client: user.client, path: ACCOUNTS_PATHS.changeAvatar(user.accountId), field: 'avatar' },
      { client: member.client, path: SUBTITLES_PATHS.importSrt(versionId, subtitleId), field: 'srt_content' },
    ];
    for (const { client, path, field } of targets) {
      const noBoundary = await client.request('POST', path, Buffer.from('--x\r\n'), {
        headers: { 'content-type': 'multipart/form-data' },
      });
      expectRefused(noBoundary);
      expect(noBoundary.body.message).toMatch(/multipart/i);
      const truncated = await client.request(
        'POST',
        path,
        Buffer.from(
          `--b\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
        ),
        {
          headers: { 'content-type': 'multipart/form-data; boundary=b' },
        },
      );
      expectRefused(truncated);
      expect(truncated.body.message).toMatch(/multipart/i);
    }
  });
});

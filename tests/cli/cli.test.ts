import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKENS_PATHS } from '../../plugins/api-tokens/common/api-tokens-contract';
import { insertRun } from '../../plugins/pipeline/server/run-repository';
import { readSubtitles } from '../../plugins/subtitles/common/formats';
import { startTestApp, type TestApp } from '../support/test-app';
import { makeSpeechVideo, type SpeechVideo } from '../http/pipeline-test-kit';
import { newMember, seedVersions, type Member } from '../http/projects-test-kit';
import { unzip } from '../http/subtitles-test-kit';

/**
 * The `polycue` command line (cli/, docs/cli.md) as a script runs it: a real process against a
 * real server listening on a port, authenticated by an API token. The whole recipe — log in,
 * upload a speaking video (tus), set it up with a Spanish translation, wait, download the zip —
 * and the exit codes a script relies on when something is wrong.
 */
const CLI = path.resolve('cli/polycue.mjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('polycue CLI against a running server [pglite]', () => {
  let app: TestApp;
  let dir: string;
  let server: string;
  let video: SpeechVideo;
  let member: Member;
  let accountId: string;

  /** Runs the CLI with its own config folder (nothing of the person running the tests is read). */
  const polycue = (args: string[], env: Record<string, string> = {}, input?: string) =>
    new Promise<Run>((resolve) => {
      const child = execFile(
        process.execPath,
        [CLI, ...args],
        {
          cwd: dir,
          env: { PATH: process.env.PATH, HOME: dir, POLYCUE_CONFIG_DIR: path.join(dir, 'config'), ...env },
          timeout: 240_000,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(input ?? '');
    });

  const newToken = async (scope: string, workspaceId: string | null = null) => {
    const res = await member.client.post(API_TOKENS_PATHS.tokens, {
      accountId,
      name: `CLI ${scope}`,
      scope,
      workspaceId,
      expiresInDays: 30,
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data.attributes.token as string;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'polycue-cli-'));
    [app, video] = await Promise.all([startTestApp('pglite'), makeSpeechVideo(dir)]);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    server = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
    member = await newMember(app);
    const { rows } = await app.db.query<{ id: string }>('SELECT account_id::text AS id FROM workspaces WHERE id = $1', [
      member.workspaceId,
    ]);
    accountId = rows[0].id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('logs in with a token, uploads a video, sets it up, waits for it and downloads its subtitles', async () => {
    const token = await newToken('write', member.workspaceId);
    // The token on standard input (kept out of the shell's history), checked before it is saved.
    const login = await polycue(['login', '--server', server], {}, `${token}\n`);
    expect(login.code, login.stderr).toBe(0);
    const saved = path.join(dir, 'config', 'config.json');
    expect(JSON.parse(await readFile(saved, 'utf8'))).toMatchObject({ server, token, workspaceId: member.workspaceId });
    expect((await stat(saved)).mode & 0o777).toBe(0o600);

    const created = await polycue(['projects', 'create', video.videoPath, '--title', 'Harbour tour', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const [version] = JSON.parse(created.stdout).data;
    expect(version.attributes).toMatchObject({ title: 'Harbour tour', workspaceId: member.workspaceId });
    expect(version.attributes.duration).toBeGreaterThan(10);

    const listed = await polycue(['projects', 'list', '--search', 'harbour']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${version.id}\\s+Harbour tour\\s`, 'm'));

    const setup = await polycue(['setup', version.id, '--language', 'en', '--subtitles', 'es', '--json']);
    expect(setup.code, setup.stderr).toBe(0);
    expect(JSON.parse(setup.stdout).data).toEqual([expect.objectContaining({ projectVersionId: version.id })]);

    const waited = await polycue(['wait', version.id, '--interval', '1', '--timeout', '200']);
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stderr).toContain(`Done: ${version.id}`);

    const zipPath = path.join(dir, 'subtitles.zip');
    const downloaded = await polycue(['subtitles', 'download', version.id, '--format', 'srt,vtt', '-o', zipPath]);
    expect(downloaded.code, downloaded.stderr).toBe(0);
    const entries = await unzip(await readFile(zipPath));
    expect([...entries.keys()].sort()).toEqual([
      'Harbour tour - en.srt',
      'Harbour tour - en.vtt',
      'Harbour tour - es.srt',
      'Harbour tour - es.vtt',
    ]);
    // Real subtitles of the speech: the English transcript holds words of the known text.
    const english = readSubtitles(entries.get('Harbour tour - en.srt')!.toString('utf8'), 'srt');
    expect(english.length).toBeGreaterThan(2);
    expect(
      english
        .map((cue) => cue.text)
        .join(' ')
        .toLowerCase(),
    ).toMatch(/weather|morning|water|city/);
  }, 300_000);

  it('wait: the progress it prints never goes back, even when the server’s figure dips for a retried step', async () => {
    // A run as the pipeline leaves it, moved by hand (no worker runs it): the alignment part
    // running (32 % overall), then back to pending as a retry puts it (13 %), then running again.
    const [versionId] = await seedVersions(app.db, member.workspaceId, 1, 'Retried');
    const runId = await insertRun(app.db, {
      projectVersionId: versionId,
      workspaceId: member.workspaceId,
      userId: member.userId,
      kind: 'plain',
      settings: {
        language: 'en',
        subtitleLanguages: ['es'],
        dubbingLanguages: [],
        transcript: 'Hello harbour',
        vocabularyListId: null,
        guidelineId: null,
        termbaseId: null,
      },
      transcriptSubtitleId: '0',
    });
    const setRun = async (state: string, alignment: string) => {
      await app.db.query(`UPDATE pipeline_runs SET state = $2 WHERE id = $1`, [runId, state]);
      await app.db.query(
        `UPDATE pipeline_steps SET state = CASE WHEN step IN ('fetch_media', 'probe', 'extract_audio') OR $2 = 'done' THEN 'done'
                                            WHEN step = 'alignment' THEN $2 ELSE 'pending' END WHERE run_id = $1`,
        [runId, alignment],
      );
    };
    await app.db.query(
      `INSERT INTO pipeline_steps (run_id, workspace_id, step, part) VALUES ($1, $2, 'alignment', '0')`,
      [runId, member.workspaceId],
    );
    await setRun('running', 'running');

    const token = await newToken('read', member.workspaceId);
    const child = spawn(process.execPath, [CLI, 'wait', versionId, '--interval', '0.2', '--timeout', '60'], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, POLYCUE_SERVER: server, POLYCUE_TOKEN: token },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const until = async (seen: () => boolean) => {
      for (let i = 0; i < 300 && !seen(); i++) await sleep(50);
      expect(seen(), stderr).toBe(true);
    };
    await until(() => stderr.includes('(running, 32 %)'));
    await setRun('running', 'pending');
    await sleep(1500); // several polls of the dip
    await setRun('running', 'running');
    await sleep(600);
    await setRun('done', 'done');
    expect(await exited, stderr).toBe(0);

    const printed = [...stderr.matchAll(/\((?:running|queued), (\d+) %\)/g)].map((match) => Number(match[1]));
    expect(printed.length, stderr).toBeGreaterThan(0);
    expect(printed, stderr).toEqual([...printed].sort((a, b) => a - b));
    expect(stderr).toContain(`Done: ${versionId}`);
  }, 60_000);

  it('answers a script with exit codes it can trust, and the server’s own words', async () => {
    const elsewhere = { POLYCUE_CONFIG_DIR: path.join(dir, 'nobody') };
    // Not logged in: 3, and nothing sent.
    expect((await polycue(['projects', 'list'], elsewhere)).code).toBe(3);
    // A wrong token is refused at login and nothing is saved.
    const wrong = await polycue(['login', '--server', server, '--token', 'pcu_not-a-token'], elsewhere);
    expect(wrong.code).toBe(3);
    await expect(stat(path.join(dir, 'nobody', 'config.json'))).rejects.toThrow();
    // A server that is not there: 6.
    expect((await polycue(['login', '--server', 'http://127.0.0.1:9', '--token', 'pcu_x'], elsewhere)).code).toBe(6);

    const asScript = { POLYCUE_SERVER: server, POLYCUE_TOKEN: await newToken('write', member.workspaceId) };
    // Wrong command line: 2, before any request.
    expect((await polycue(['subtitles', 'download', '1', '--format', 'docx'], asScript)).code).toBe(2);
    expect((await polycue(['projects', 'lst'], asScript)).code).toBe(2);
    // A version that does not exist (or is another workspace's): 4.
    expect((await polycue(['wait', '999999'], asScript)).code).toBe(4);
    // Refused as sent: 5, with the server's message.
    const refused = await polycue(['setup', '999999', '--language', 'en'], asScript);
    expect([4, 5]).toContain(refused.code);
    expect(refused.stderr).toMatch(/^polycue: .+\[HTTP 4\d\d\]$/m);

    // A file that is not media: refused once uploaded, 5, in the server's words (not the upload library's).
    await writeFile(path.join(dir, 'notes.srt'), '1\n00:00:00,000 --> 00:00:01,000\nHello\n');
    // A CI job: no login, so no config folder (the upload's resume file goes there).
    const ciJob = { ...asScript, POLYCUE_CONFIG_DIR: path.join(dir, 'ci-job') };
    const notMedia = await polycue(['projects', 'create', path.join(dir, 'notes.srt')], ciJob);
    expect(notMedia.code, notMedia.stderr).toBe(5);
    expect(notMedia.stderr.trim()).toBe(
      'polycue: Upload of notes.srt refused: The file is not a video or audio file [HTTP 422]',
    );

    // A read-only token may list but not create: 3 (403), said in the server's words.
    const readOnly = { POLYCUE_SERVER: server, POLYCUE_TOKEN: await newToken('read', member.workspaceId) };
    expect((await polycue(['projects', 'list', '--json'], readOnly)).code).toBe(0);
    const denied = await polycue(['projects', 'create', '--url', 'https://example.com/a.mp4'], readOnly);
    expect(denied.code).toBe(3);
    expect(denied.stderr).toContain('[HTTP 403]');
  }, 120_000);
});

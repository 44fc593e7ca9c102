import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PIPELINE_PATHS, type ProcessingInfo } from '../../plugins/pipeline/common/pipeline-contract';
import { PROJECTS_PATHS, UPLOAD_ELEMENT_ID_HEADER } from '../../plugins/projects/common/projects-contract';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { PgDatabase } from '../../server/db/pg-database';
import { listOutbox } from '../../server/mail/outbox';
import { S3Storage } from '../../server/storage/s3-storage';
import { AlternatingBrowser } from '../support/alternating-browser';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process';
import { makeSpeechVideo, wordsOf, type SpeechVideo } from '../http/pipeline-test-kit';
import { unzip } from '../http/subtitles-test-kit';

/**
 * The several-machines layout of docs/operations.md on one box: two ROLE=web and two ROLE=worker processes
 * of server/main.ts, one PostgreSQL, files in an S3-compatible store (s3rver), and each process
 * with a DATA_DIR of its own, so anything one process left on its disk for another is missing
 * there, as on separate machines. A person signs up, confirms, uploads a video by tus, sets up a
 * run and downloads its subtitles, each request going to the other web process than the last.
 */
/** Two sentences (about 8 s of speech): enough for speech-to-text chunks on both workers. */
const SPOKEN = 'Hello and welcome to our show. Today we talk about the weather in the city.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tus = { 'tus-resumable': '1.0.0' };
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Every file under `dir` (relative paths), to show what a process kept on its own disk. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('several machines: two web processes, two workers, PostgreSQL and S3 storage', () => {
  let scratch: ScratchDatabase;
  let s3: S3TestServer;
  let fixtures: string;
  const dataDirs: string[] = [];
  let webs: ServerProcess[] = [];
  let workers: ServerProcess[] = [];
  let video: SpeechVideo;
  let db: PgDatabase;
  /** The person of the first test, logged in, and their workspace (the shutdown test continues as them). */
  let browser: AlternatingBrowser;
  let workspaceId: string;

  beforeAll(async () => {
    fixtures = await mkdtemp(path.join(tmpdir(), 'many-machines-'));
    const making = makeSpeechVideo(fixtures, SPOKEN);
    [scratch, s3] = await Promise.all([
      createScratchDatabase(inject('postgresUrl'), 'polycue_many'),
      startS3TestServer('polycue-many'),
    ]);
    const env = (role: 'web' | 'worker', dataDir: string): NodeJS.ProcessEnv => ({
      ...process.env,
      ...s3.env,
      NODE_ENV: 'test',
      ROLE: role,
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://localhost:8080',
      // Short chunks, one at a time per worker: both workers take speech-to-text chunks of the
      // run, so the one that did not extract the audio must fetch it from the bucket.
      PIPELINE_CHUNK_SECONDS: '4',
      PIPELINE_CHUNK_CONCURRENCY: '1',
    });
    for (let i = 0; i < 4; i++) dataDirs.push(await mkdtemp(path.join(fixtures, `machine-${i}-`)));
    // All four at once, as machines boot: the migrations' advisory lock lets one apply each.
    const started = await Promise.all([
      startServerProcess(env('web', dataDirs[0]!)),
      startServerProcess(env('web', dataDirs[1]!)),
      startServerProcess(env('worker', dataDirs[2]!)),
      startServerProcess(env('worker', dataDirs[3]!)),
    ]);
    webs = started.slice(0, 2);
    workers = started.slice(2);
    db = new PgDatabase(scratch.url, { max: 1 });
    video = await making;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...webs, ...workers].map(stopServerProcess));
    await db?.close();
    await scratch?.drop();
    await s3?.close();
    if (fixtures) await rm(fixtures, { recursive: true, force: true });
  });

  it('signs up, uploads, sets up a run and downloads its subtitles, each request on the other web process', async () => {
    browser = new AlternatingBrowser(webs.map((web) => web.baseUrl!));
    const email = `many.${Date.now()}@example.com`;

    // Sign-up and confirmation: the session made on one process is known to the other.
    expect((await browser.get('/', { accept: 'text/html' })).status).toBe(200);
    const signUp = await browser.post('/users', {
      user: { email, password: 'correct horse battery staple', name: 'Many' },
    });
    expect(signUp.status, signUp.text()).toBe(201);
    let link: string | undefined;
    for (const deadline = Date.now() + 20_000; !link && Date.now() < deadline; await sleep(200)) {
      // The test reads the mail as the person's inbox would: whichever worker delivered it.
      const mails = (await Promise.all(dataDirs.map((dir) => listOutbox(path.join(dir, 'outbox'))))).flat();
      link = mails
        .find((mail) => mail.to.includes(email) && mail.subject === 'Confirm your Polycue account')
        ?.links.find((l) => l.includes('/users/confirmation?'));
    }
    expect(link, 'a confirmation mail').toBeDefined();
    const confirmed = await browser.get(new URL(link!).pathname + new URL(link!).search);
    expect(confirmed.status).toBe(302);
    const me = await browser.get('/api/v1/users/');
    expect(me.json().data.attributes.confirmedEmail).toBe(true);
    workspaceId = String(me.json().data.attributes.lastUsedWorkspaceId);

    // tus: create on one process, then PATCHes in four parts alternating between both, a HEAD between.
    const bytes = await readFile(video.videoPath);
    const created = await browser.request('POST', PROJECTS_PATHS.uploads, {
      headers: {
        ...tus,
        'upload-length': String(bytes.length),
        'upload-metadata': metadata({ workspaceId, filename: 'Harbour talk.mp4', filetype: 'video/mp4' }),
      },
    });
    expect(created.status, created.text()).toBe(201);
    const location = created.headers.get('location')!;
    const cuts = [0, 1, 2, 3, 4].map((i) => Math.floor((bytes.length * i) / 4));
    let finished: Awaited<ReturnType<AlternatingBrowser['request']>> | undefined;
    for (let i = 0; i < 4; i++) {
      if (i === 2) {
        const head = await browser.request('HEAD', location, { headers: tus });
        expect(head.headers.get('upload-offset')).toBe(String(cuts[2]));
      }
      finished = await browser.request('PATCH', location, {
        body: bytes.subarray(cuts[i], cuts[i + 1]),
        headers: { ...tus, 'upload-offset': String(cuts[i]), 'content-type': 'application/offset+octet-stream' },
      });
      expect(finished.status, finished.text()).toBe(i < 3 ? 204 : 200);
    }
    const elementId = finished!.headers.get(UPLOAD_ELEMENT_ID_HEADER)!;
    expect(finished!.json().data.attributes).toMatchObject({
      state: 'ready',
      title: 'Harbour talk',
      unformattedSize: bytes.length,
    });

    const project = await browser.post(PROJECTS_PATHS.createWithProject, { workspaceId, elementId });
    expect(project.status, project.text()).toBe(201);
    const versionId = String(project.json().projectVersions.data[0].id);

    // Set-up: the workers (each with its own disk) share the run's steps through storage.
    const setup = await browser.put(PIPELINE_PATHS.setup, {
      projectVersionIds: [versionId],
      includesTranscript: false,
      workspaceId,
      settings: { language: 'en', subtitleLanguages: ['es'] },
    });
    expect(setup.status, setup.text()).toBe(202);
    let info: ProcessingInfo | null = null;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(500)) {
      const res = await browser.get(PIPELINE_PATHS.showProcessingInfo(versionId));
      expect(res.status).toBe(200);
      info = res.json().data;
      if (info && (info.state === 'done' || info.state === 'failed')) break;
    }
    if (info?.state !== 'done') {
      const steps = await db.query(
        'SELECT step, part, state, worker, attempts, started_at, finished_at FROM pipeline_steps ORDER BY started_at',
      );
      const logs = [...webs, ...workers].map((p) => p.output.join('').slice(-2000)).join('\n---\n');
      expect.fail(`run ${JSON.stringify(info)}\nsteps ${JSON.stringify(steps.rows)}\n${logs}`);
    }

    const download = await browser.get(
      `${SUBTITLES_PATHS.downloadSubtitles}?workspaceId=${workspaceId}&projectVersionIds=${versionId}&formats=srt`,
    );
    expect(download.status, download.text()).toBe(200);
    const entries = await unzip(download.body);
    const names = [...entries.keys()];
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/ - en\.srt$/), expect.stringMatching(/ - es\.srt$/)]),
    );
    const english = entries.get(names.find((name) => name.endsWith(' - en.srt'))!)!.toString('utf8');
    const heard = new Set(wordsOf(english));
    const said = wordsOf(SPOKEN);
    expect(said.filter((word) => heard.has(word)).length / said.length).toBeGreaterThan(0.5);

    // Both web processes answered, in turn; both workers did steps of the run.
    expect(new Set(browser.served)).toEqual(new Set(webs.map((web) => web.baseUrl)));
    const { rows } = await db.query<{ worker: string }>(
      'SELECT DISTINCT s.worker FROM pipeline_steps s JOIN pipeline_runs r ON r.id = s.run_id WHERE r.project_version_id = $1',
      [versionId],
    );
    expect(new Set(rows.map((row) => row.worker))).toEqual(new Set(workers.map((worker) => worker.worker)));

    // The files are in the bucket; no process kept a file for another on its own disk.
    const storage = new S3Storage(s3.settings);
    const media = await db.query<{ key: string }>('SELECT storage_key AS key FROM elements WHERE id = $1', [elementId]);
    expect((await storage.get(media.rows[0]!.key))?.size).toBe(bytes.length);
    for (const dir of dataDirs) expect(await filesUnder(path.join(dir, 'files'))).toEqual([]);
    expect(await filesUnder(path.join(dataDirs[0]!, 'uploads'))).toEqual([]);
    expect(await filesUnder(path.join(dataDirs[1]!, 'uploads'))).toEqual([]);
  }, 180_000);

  it('stops on SIGTERM without dropping work: a web process finishes the upload request it is serving, a worker exits; the others carry on', async () => {
    expect(workspaceId, 'the first test signed up').toBeDefined();
    const created = await browser.request('POST', PROJECTS_PATHS.uploads, {
      headers: {
        ...tus,
        'upload-length': '1000',
        'upload-metadata': metadata({ workspaceId, filename: 'Interrupted.mp4' }),
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // A PATCH whose body is still arriving when SIGTERM comes.
    const [victim, survivor] = webs as [ServerProcess, ServerProcess];
    const exited = new Promise<number | null>((resolve) => victim.child.once('exit', (code) => resolve(code)));
    const target = new URL(location, victim.baseUrl!);
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = new Promise<{ status: number; offset: string | undefined }>((resolve, reject) => {
      const req = httpRequest(target, {
        method: 'PATCH',
        headers: {
          ...tus,
          cookie,
          'x-csrf-token': decodeURIComponent(browser.cookies.get('CSRF-TOKEN') ?? ''),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': '600',
          connection: 'close',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, offset: res.headers['upload-offset'] as string | undefined });
      });
      req.on('error', reject);
      req.write(Buffer.alloc(300, 1));
      setTimeout(() => {
        victim.child.kill('SIGTERM');
        setTimeout(() => req.end(Buffer.alloc(300, 2)), 500);
      }, 300);
    });
    expect(await answer).toEqual({ status: 204, offset: '600' });
    expect(await exited).toBe(0);

    // The upload lives on: the other web process knows its offset and takes the rest.
    const cookieHeaders = {
      ...tus,
      cookie,
      'x-csrf-token': decodeURIComponent(browser.cookies.get('CSRF-TOKEN') ?? ''),
    };
    const head = await fetch(new URL(location, survivor.baseUrl!), { method: 'HEAD', headers: cookieHeaders });
    expect(head.headers.get('upload-offset')).toBe('600');
    expect((await fetch(`${survivor.baseUrl}/readyz`)).status).toBe(200);
    const removed = await fetch(new URL(location, survivor.baseUrl!), { method: 'DELETE', headers: cookieHeaders });
    expect(removed.status).toBe(204);

    // An idle worker leaves at once and cleanly.
    const worker = workers[0]!;
    const workerExited = new Promise<number | null>((resolve) => worker.child.once('exit', (code) => resolve(code)));
    const asked = Date.now();
    worker.child.kill('SIGTERM');
    expect(await workerExited).toBe(0);
    expect(Date.now() - asked).toBeLessThan(15_000);
  }, 60_000);
});

import { createReadStream, createWriteStream } from 'node:fs';
import { PROJECT_VERSIONS } from '../../../projects/common/project-versions-service';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { JobContext } from '../../../../server/plugin-api';
import type { RunRecord } from '../run-repository';
import { PipelineFailure } from './step-errors';

/** Storage keys of a run's intermediate files (removed when the run ends). */
export const runKey = (runId: string, name: string) => `pipeline/${runId}/${name}`;

const exists = (file: string) =>
  stat(file).then(
    (info) => info.size > 0,
    () => false,
  );

/**
 * A run's work directory, DATA_DIR/work/<run>. Steps of one run may run on different machines:
 * a step that needs a file another step made finds it here, or fetches it from storage (where
 * the making step also put it). Files appear by rename, so a reader never sees half of one.
 */
export class WorkFiles {
  readonly dir: string;

  constructor(
    private readonly ctx: Pick<JobContext, 'config' | 'storage' | 'db' | 'services'>,
    private readonly run: Pick<RunRecord, 'id' | 'projectVersionId'>,
  ) {
    this.dir = path.join(ctx.config.dataDir, 'work', run.id);
  }

  path(name: string): string {
    return path.join(this.dir, name);
  }

  /** A temporary name beside `name` (same extension, so ffmpeg picks the format), for writing then `publish`ing. */
  async scratch(name: string): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    return this.path(`.${randomBytes(5).toString('hex')}.${name}`);
  }

  async publish(scratchPath: string, name: string): Promise<string> {
    const target = this.path(name);
    await rename(scratchPath, target);
    return target;
  }

  /** The local copy of a stored file, downloaded when this machine has none yet. */
  async fromStorage(key: string, name: string): Promise<string> {
    const target = this.path(name);
    if (await exists(target)) return target;
    const stored = await this.ctx.storage.get(key);
    if (!stored) throw new Error(`Stored file ${key} is missing`);
    const temp = await this.scratch(name);
    await pipeline(stored.stream, createWriteStream(temp));
    return this.publish(temp, name);
  }

  async toStorage(file: string, key: string, contentType: string): Promise<void> {
    await this.ctx.storage.put(key, createReadStream(file), contentType);
  }

  /** The version's media, as uploaded (the element's file). */
  async source(): Promise<string> {
    const media = await this.ctx.services.get(PROJECT_VERSIONS).sourceOf(this.ctx.db, this.run.projectVersionId);
    const key = media?.storageKey;
    if (!key || media.state !== 'ready') throw new PipelineFailure('The video of this project is missing');
    const name = `source${path.extname(key).toLowerCase() || '.media'}`;
    if (!(await exists(this.path(name)))) {
      const stored = await this.ctx.storage.get(key);
      if (!stored) throw new PipelineFailure('The video file of this project is missing');
      (stored.stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    }
    return this.fromStorage(key, name);
  }

  /** The speech audio (16 kHz mono WAV) extract_audio made. */
  audio(): Promise<string> {
    return this.fromStorage(runKey(this.run.id, 'audio.wav'), 'audio.wav');
  }

  async discard(file: string): Promise<void> {
    await rm(file, { force: true });
  }

  async removeAll(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

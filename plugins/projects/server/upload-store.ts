import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { Database, JobDefinition, Storage } from '../../../server/plugin-api';

/** A day: a person resuming after a night's sleep still can; after that the parts are removed. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * Storage key of the bytes of one PATCH: `<offset>-<random>`, the offset they start at and a
 * name no other writer of the same offset can take (two processes racing for one offset must
 * not overwrite each other's object; the loser's is removed).
 */
export const uploadPartKey = (id: string, name: string) => `uploads/${id}/${name}`;
const offsetOf = (name: string) => Number.parseInt(name, 10);

interface UploadRow {
  id: string;
  size: string | null;
  offset: string;
  metadata: Record<string, string | null>;
  /** Part names in the order written (`<offset>-<random>`). */
  parts: string[];
  created_at: Date;
}

/**
 * tus uploads that any web process can continue: each PATCH's bytes go to storage as one part
 * (`uploads/<id>/<offset>-<random>`), and the upload's length, offset, metadata and parts live in the
 * `tus_uploads` table. So the PATCHes of one upload may land on different machines behind a proxy
 * without sticky sessions; the offset moves by a conditional UPDATE, so two processes writing
 * the same offset at once keep one part and refuse the other (409), which tus's own in-process
 * lock could not do across processes. The finished file is assembled on the process that took
 * the last PATCH, in its own scratch folder, then probed and stored as the element's media.
 */
export class StorageUploadStore extends DataStore {
  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  private async row(id: string): Promise<UploadRow | null> {
    const { rows } = await this.db.query<UploadRow>(
      'SELECT id, size::text, "offset"::text, metadata, parts::text[], created_at FROM tus_uploads WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  }

  override async create(upload: Upload): Promise<Upload> {
    await this.db.query('INSERT INTO tus_uploads (id, size, metadata) VALUES ($1, $2, $3)', [
      upload.id,
      upload.size ?? null,
      JSON.stringify(upload.metadata ?? {}),
    ]);
    upload.creation_date = new Date().toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.row(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size === null ? undefined : Number(row.size),
      offset: Number(row.offset),
      metadata: row.metadata,
      creation_date: row.created_at.toISOString(),
    });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const name = `${offset}-${randomBytes(6).toString('hex')}`;
    const key = uploadPartKey(id, name);
    const stored = await this.storage.put(key, stream, 'application/octet-stream');
    if (stored.size === 0) {
      await this.storage.delete(key);
      return offset;
    }
    const { rows } = await this.db.query<{ offset: string }>(
      `UPDATE tus_uploads SET "offset" = "offset" + $3, parts = array_append(parts, $4::text) WHERE id = $1 AND "offset" = $2 RETURNING "offset"::text`,
      [id, offset, stored.size, name],
    );
    if (!rows[0]) {
      // Another process wrote this offset first (or the upload was terminated): this part is nobody's.
      await this.storage.delete(key);
      throw ERRORS.INVALID_OFFSET;
    }
    return Number(rows[0].offset);
  }

  /** Writes the whole upload, part after part, to a local file (the caller removes it). */
  async copyTo(id: string, filePath: string): Promise<void> {
    const row = await this.row(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    const out = createWriteStream(filePath);
    try {
      for (const name of [...row.parts].sort((a, b) => offsetOf(a) - offsetOf(b))) {
        const part = await this.storage.get(uploadPartKey(id, name));
        if (!part) throw new Error(`Part ${name} of upload ${id} is missing`);
        await pipeline(part.stream, out, { end: false });
      }
    } finally {
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    }
  }

  /** An upload not finished this long after its creation is abandoned (tus `Upload-Expires`). */
  override getExpiration(): number {
    return UPLOAD_EXPIRY_MS;
  }

  /** Removes abandoned uploads, their rows and their parts; returns how many (the hourly job). */
  override async deleteExpired(): Promise<number> {
    const { rows } = await this.db.query<{ id: string; parts: string[] }>(
      `DELETE FROM tus_uploads WHERE created_at < now() - make_interval(secs => $1) RETURNING id, parts::text[]`,
      [UPLOAD_EXPIRY_MS / 1000],
    );
    for (const row of rows)
      await Promise.all(row.parts.map((name) => this.storage.delete(uploadPartKey(row.id, name)).catch(() => {})));
    return rows.length;
  }

  override async remove(id: string): Promise<void> {
    const { rows } = await this.db.query<{ parts: string[] }>(
      'DELETE FROM tus_uploads WHERE id = $1 RETURNING parts::text[]',
      [id],
    );
    if (!rows[0]) throw ERRORS.FILE_NOT_FOUND;
    await Promise.all(rows[0].parts.map((name) => this.storage.delete(uploadPartKey(id, name)).catch(() => {})));
  }
}

/**
 * `projects.expireUploads {}`, hourly on pg-boss's clock (one worker runs each tick): uploads
 * started and never finished are removed with their stored parts, so the bucket does not keep
 * what nobody will complete.
 */
export const expireUploadsJob: JobDefinition<Record<string, never>> = {
  name: 'projects.expireUploads',
  cron: '17 * * * *',
  async handler(_data, ctx) {
    const removed = await new StorageUploadStore(ctx.db, ctx.storage).deleteExpired();
    if (removed > 0) ctx.log.info({ removed }, 'abandoned uploads removed');
  },
};

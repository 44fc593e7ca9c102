import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { Storage, StorageSettings, StoredFile } from '../http/request-context';
import { assertValidKey, fileUrl } from './local-storage';

/** STORAGE=s3's settings (server/config.ts). */
export type S3Settings = Omit<Extract<StorageSettings, { kind: 's3' }>, 'kind'>;

/**
 * S3's smallest multipart part (except the last) is 5 MiB; 8 MiB parts keep a 2 GiB upload
 * within 256 requests and hold at most one part in memory per upload.
 */
const PART_BYTES = 8 * 1024 * 1024;

/** Object streams open at once per process (downloads, video ranges, a worker's fetches). */
const MAX_SOCKETS = 512;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Reads a stream into parts of `size` bytes (the last one shorter), one part at a time. */
async function* partsOf(stream: NodeJS.ReadableStream, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    let buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (pendingBytes + buffer.length >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, buffer.subarray(0, take)]);
      buffer = buffer.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (buffer.length) {
      pending.push(buffer);
      pendingBytes += buffer.length;
    }
  }
  yield Buffer.concat(pending);
}

/**
 * Files as objects of one bucket, the key as given (the same keys LocalStorage uses, checked the
 * same way). An object appears only when complete (PutObject, or a multipart upload once
 * completed), so readers never see half a file, as with LocalStorage's rename. Browsers never
 * talk to the bucket: `urlFor` gives the app's own /files path, and every private file is served
 * by its feature's route after its access check, so the bucket needs no public policy and no
 * pre-signed links leak past a revoked membership.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: many S3-compatible stores (older MinIO, s3rver)
      // refuse the CRC32 trailers the SDK now adds by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Each video being watched holds one object stream open for as long as it plays: the
      // SDK's default of 50 sockets would queue the 51st viewer of a web process.
      requestHandler: {
        httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
        httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
      },
    });
  }

  async put(key: string, data: Buffer | NodeJS.ReadableStream, contentType: string): Promise<StoredFile> {
    assertValidKey(key);
    const Bucket = this.settings.bucket;
    if (Buffer.isBuffer(data)) {
      await this.client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
      return { key, size: data.length, contentType };
    }
    const parts = partsOf(data, PART_BYTES);
    const first = (await parts.next()).value as Buffer;
    if (first.length < PART_BYTES) {
      await this.client.send(new PutObjectCommand({ Bucket, Key: key, Body: first, ContentType: contentType }));
      return { key, size: first.length, contentType };
    }
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
    );
    const done: { ETag: string; PartNumber: number }[] = [];
    let size = 0;
    try {
      for (let part: Buffer | undefined = first; part !== undefined; part = (await parts.next()).value ?? undefined) {
        // A stream that ends on a part boundary yields an empty last part: nothing to send.
        if (part.length === 0 && done.length > 0) continue;
        const PartNumber = done.length + 1;
        const { ETag } = await this.client.send(
          new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: part }),
        );
        done.push({ ETag: ETag!, PartNumber });
        size += part.length;
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: done } }),
      );
    } catch (error) {
      // A failed stream (a dropped upload) leaves no parts behind to pay for.
      await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
      throw error;
    }
    return { key, size, contentType };
  }

  async get(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: NodeJS.ReadableStream; size: number; contentType: string } | null> {
    assertValidKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // With a range, ContentLength is the part's; the whole size is after the slash of Content-Range.
      const whole = object.ContentRange ? Number(object.ContentRange.split('/')[1]) : NaN;
      const size = Number.isFinite(whole) ? whole : (object.ContentLength ?? 0);
      return { stream: object.Body as Readable, size, contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number; contentType: string } | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  urlFor(key: string): string {
    return fileUrl(key);
  }
}

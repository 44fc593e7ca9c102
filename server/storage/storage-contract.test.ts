import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../http/request-context';
import { loadConfig } from '../config';
import { startS3TestServer, type S3TestServer } from '../../tests/support/s3-test-server';
import { createStorage } from './create-storage';
import { InvalidStorageKeyError, LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

/**
 * One contract, two adapters: every case runs on local disk and on an S3-compatible server
 * (s3rver on loopback), so a feature that works on one machine works on many.
 */
const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
};
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Deterministic bytes that differ at every offset, so a shifted or repeated part shows. */
const pattern = (size: number) => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4) bytes.writeUInt32LE(i, i);
  return bytes;
};

let s3: S3TestServer;
let dir: string;
const adapters: Record<string, () => Storage> = {};

beforeAll(async () => {
  s3 = await startS3TestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'storage-contract-'));
  adapters.local = () => new LocalStorage(path.join(dir, 'files'));
  adapters.s3 = () => new S3Storage(s3.settings);
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s storage', (kind) => {
  const storage = () => adapters[kind]!();

  it('stores a buffer and gives back its bytes, size and type; a missing key is null', async () => {
    const stored = await storage().put('contract/a/hello.txt', Buffer.from('hello, world'), 'text/plain');
    expect(stored).toEqual({ key: 'contract/a/hello.txt', size: 12, contentType: 'text/plain' });
    const file = await storage().get('contract/a/hello.txt');
    expect(
      file && { size: file.size, contentType: file.contentType, text: (await read(file.stream)).toString() },
    ).toEqual({ size: 12, contentType: 'text/plain', text: 'hello, world' });
    expect(await storage().get('contract/a/nothing.txt')).toBeNull();
    // Size and type without opening the file (what a video's seek asks first).
    expect(await storage().stat!('contract/a/hello.txt')).toEqual({ size: 12, contentType: 'text/plain' });
    expect(await storage().stat!('contract/a/nothing.txt')).toBeNull();
  });

  it('streams a large file in (several S3 parts) and reads any range of it', async () => {
    const bytes = pattern(17 * 1024 * 1024 + 123);
    // Uneven chunks, as a network gives them.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 700_001) }, (_, i) =>
      bytes.subarray(i * 700_001, (i + 1) * 700_001),
    );
    const stored = await storage().put('contract/big.mp4', Readable.from(chunks), 'video/mp4');
    expect(stored.size).toBe(bytes.length);
    const whole = (await storage().get('contract/big.mp4'))!;
    expect(whole.size).toBe(bytes.length);
    expect(sha(await read(whole.stream))).toBe(sha(bytes));
    const start = 8 * 1024 * 1024 - 5;
    const part = (await storage().get('contract/big.mp4', { start, end: start + 9 }))!;
    expect(part.size).toBe(bytes.length);
    expect((await read(part.stream)).equals(bytes.subarray(start, start + 10))).toBe(true);
    const tail = (await storage().get('contract/big.mp4', { start: bytes.length - 3, end: bytes.length - 1 }))!;
    expect((await read(tail.stream)).equals(bytes.subarray(-3))).toBe(true);
  });

  it('replaces a file whole; a stream that fails half-way leaves the earlier file as it was', async () => {
    await storage().put('contract/replace.txt', Buffer.from('first'), 'text/plain');
    await storage().put(
      'contract/replace.txt',
      Readable.from([Buffer.from('sec'), Buffer.from('ond')]),
      'text/markdown',
    );
    const file = (await storage().get('contract/replace.txt'))!;
    expect([file.contentType, (await read(file.stream)).toString()]).toEqual(['text/markdown', 'second']);

    const failing = new Readable({ read() {} });
    const putting = storage().put('contract/replace.txt', failing, 'text/plain');
    failing.push(pattern(9 * 1024 * 1024));
    setTimeout(() => failing.destroy(new Error('connection reset')), 20);
    await expect(putting).rejects.toThrow('connection reset');
    const after = (await storage().get('contract/replace.txt'))!;
    expect((await read(after.stream)).toString()).toBe('second');
    if (kind === 'local')
      expect((await readdir(path.join(dir, 'files', 'contract'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a stream of a file that is not there is refused, not an unhandled error that ends the process; nothing is stored', async () => {
    await expect(
      storage().put(
        'contract/missing.jpg',
        createReadStream(path.join(tmpdir(), 'polycue-no-such-file.jpg')),
        'image/jpeg',
      ),
    ).rejects.toThrow(/ENOENT/);
    expect(await storage().get('contract/missing.jpg')).toBeNull();
  });

  it('deletes (twice is fine) and refuses keys that could leave its folder or bucket prefix', async () => {
    await storage().put('contract/gone.txt', Buffer.from('x'), 'text/plain');
    await storage().delete('contract/gone.txt');
    await storage().delete('contract/gone.txt');
    expect(await storage().get('contract/gone.txt')).toBeNull();
    for (const key of ['../escape', 'a//b', '.meta/x', 'a/./b', '/abs']) {
      await expect(storage().put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage().get(key)).rejects.toThrow(InvalidStorageKeyError);
    }
  });

  it("serves files at the app's own /files path, never a bucket address", () => {
    expect(storage().urlFor('avatars/7/face.png')).toBe('/files/avatars/7/face.png');
  });
});

describe('STORAGE configuration', () => {
  it('defaults to local disk; STORAGE=s3 reads the S3_* settings and names what is wrong', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(createStorage({ dataDir: '/tmp/x', storage: { kind: 'local' } })).toBeInstanceOf(LocalStorage);
    const config = loadConfig(s3.env);
    expect(config.storage).toEqual(s3.settings);
    expect(createStorage(config)).toBeInstanceOf(S3Storage);
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' }).storage).toMatchObject({
      region: 'us-east-1',
      endpoint: null,
      forcePathStyle: false,
      accessKeyId: null,
    });
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});

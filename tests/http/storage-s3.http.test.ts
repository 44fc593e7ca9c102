import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../server/storage/s3-storage';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { confirmedUser, tinyPng } from './auth-test-helpers';

/**
 * The app with STORAGE=s3 (s3rver on loopback): a file a person stores is an object in the
 * bucket, served at the app's own /files path (never a bucket address), and nothing lands in
 * DATA_DIR/files. The storage contract itself is server/storage/storage-contract.test.ts; the
 * whole journey on S3 across processes is tests/distributed/many-machines.test.ts.
 */
describe('the app on S3-compatible storage', () => {
  let s3: S3TestServer;
  let app: TestApp;

  beforeAll(async () => {
    s3 = await startS3TestServer('polycue-app');
    app = await startTestApp('pglite', { config: { storage: s3.settings } });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('keeps an avatar in the bucket, serves it through /files, and removes the one it replaces', async () => {
    const { client } = await confirmedUser(app);
    const png = tinyPng();
    const res = await client.postMultipart('/api/v1/users/change_avatar', {
      files: [{ field: 'avatar', filename: 'me.png', contentType: 'image/png', content: png }],
    });
    expect(res.status).toBe(200);
    const avatarUrl: string = res.body.data.attributes.avatarUrl;
    expect(avatarUrl).toMatch(/^\/files\/avatars\/[^/]+\.png$/);
    const key = decodeURIComponent(avatarUrl.slice('/files/'.length));

    const served = await app.app.inject({ method: 'GET', url: avatarUrl });
    expect([served.statusCode, served.headers['content-type'], served.rawPayload.equals(png)]).toEqual([
      200,
      'image/png',
      true,
    ]);
    const bucket = new S3Storage(s3.settings);
    expect((await bucket.get(key))?.size).toBe(png.length);
    expect(await readdir(path.join(app.config.dataDir, 'files')).catch(() => [])).toEqual([]);

    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
    expect(
      (
        await client.postMultipart('/api/v1/users/change_avatar', {
          files: [{ field: 'avatar', filename: 'me.gif', contentType: 'image/gif', content: gif }],
        })
      ).status,
    ).toBe(200);
    expect(await bucket.get(key)).toBeNull();
    expect((await app.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(404);
  });
});

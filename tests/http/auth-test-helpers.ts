import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { OutboxMail } from '../../server/mail/outbox';
import type { TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** `http://localhost:3000/users/confirmation?x=1` -> `/users/confirmation?x=1` (what the test client calls). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

export function signUp(
  client: TestClient,
  user: { email: string; password?: string; name?: string; lastName?: string },
  anonymousId?: string,
) {
  return client.post('/users', { user: { password: PASSWORD, ...user }, ...(anonymousId ? { anonymousId } : {}) });
}

export function signIn(client: TestClient, email: string, password = PASSWORD) {
  return client.post('/users/sign_in', { utf8: '✓', commit: 'Log in', user: { email, password, remember_me: '0' } });
}

export function mailTo(ctx: TestAppContext, to: string, subject: string): Promise<OutboxMail> {
  return ctx.waitForMail((mail) => mail.to.includes(to) && mail.subject === subject);
}

/** The first link of a mail that starts with `prefix` (e.g. `/users/confirmation?`). */
export function linkIn(mail: OutboxMail, prefix: string): string {
  const link = mail.links.find((l) => pathOf(l).startsWith(prefix));
  expect(link, `a ${prefix} link in "${mail.subject}"`).toBeDefined();
  return pathOf(link!);
}

/** A signed-up, confirmed, logged-in user (confirmed through SQL: the mail flow has its own tests). */
export async function confirmedUser(ctx: TestAppContext, user: { name?: string; lastName?: string } = {}) {
  const client = ctx.client();
  const email = uniqueEmail();
  const res = await signUp(client, { email, ...user });
  expect(res.status).toBe(201);
  const userId: string = res.body.data.id;
  await ctx.db.query('UPDATE users SET confirmed_at = now() WHERE id = $1', [userId]);
  const me = await client.get('/api/v1/users/');
  const accountId: string = me.body.included[0].id;
  const { rows } = await ctx.db.query<{ id: string }>('SELECT id::text AS id FROM workspaces WHERE account_id = $1', [
    accountId,
  ]);
  return { client, email, userId, accountId, workspaceId: rows[0].id };
}

/** A valid 1x1 PNG built here (signature, IHDR, IDAT, IEND with their CRCs). */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const pixel = Buffer.from([0, 0x33, 0x66, 0x99, 0xff]); // filter byte + one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixel)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

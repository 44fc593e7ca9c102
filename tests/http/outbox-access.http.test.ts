import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { outboxStartMessage } from '../../server/mail/outbox-page';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { confirmedUser, linkIn, mailTo } from './auth-test-helpers';

/**
 * Issue 22 item 1: without SMTP_URL the outbox holds every password-reset mail, so serving it to
 * whoever reaches the server hands out accounts. The attack: ask a reset for the victim from
 * outside, read the mail at /dev/outbox, set a new password with its token.
 */

const OUTSIDE = '203.0.113.7';

function getFrom(ctx: TestAppContext, url: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'text/html', ...headers } });
}

async function resetMailFor(ctx: TestAppContext): Promise<{ email: string; mailFile: string; resetPath: string }> {
  const { email } = await confirmedUser(ctx);
  const attacker = ctx.client();
  expect((await attacker.post('/users/password', { user: { email } })).status).toBe(200);
  const mail = await mailTo(ctx, email, 'Reset your Polycue password');
  return { email, mailFile: mail.file, resetPath: linkIn(mail, '/users/password/edit?reset_password_token=') };
}

describeOnBothDatabases('mail outbox: this machine only', (ctx) => {
  it('refuses the outbox list and a mail to a client elsewhere, so a reset mail cannot be read', async () => {
    const { email, mailFile, resetPath } = await resetMailFor(ctx);
    const list = await getFrom(ctx, '/dev/outbox', OUTSIDE);
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain(email);
    expect(list.json()).toMatchObject({ code: 'outbox_local_only' });
    const mail = await getFrom(ctx, `/dev/outbox/${mailFile}`, OUTSIDE);
    expect(mail.statusCode).toBe(403);
    expect(mail.body).not.toContain('reset_password_token');
    // A proxy on this machine forwarding someone else is not "this machine" either.
    const proxied = await getFrom(ctx, '/dev/outbox', '127.0.0.1', { 'x-forwarded-for': OUTSIDE });
    expect(proxied.statusCode).toBe(403);
    // The developer at the machine still reads it (IPv4, IPv6 and IPv4-mapped loopback).
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const page = await getFrom(ctx, `/dev/outbox/${mailFile}`, local);
      expect(page.statusCode, local).toBe(200);
      expect(page.body).toContain(resetPath.split('=')[1]);
    }
  });
});

describeOnBothDatabases('mail outbox: OUTBOX_PUBLIC=1 for a demo', { config: { outboxPublic: true } }, (ctx) => {
  it('serves the outbox to any client', async () => {
    const { email } = await resetMailFor(ctx);
    const list = await getFrom(ctx, '/dev/outbox', OUTSIDE);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(email);
  });
});

describe('mail outbox: configuration and the start message', () => {
  it('reads OUTBOX_PUBLIC and refuses a value that is not a flag', () => {
    expect(loadConfig({}).outboxPublic).toBe(false);
    expect(loadConfig({ OUTBOX_PUBLIC: '1' }).outboxPublic).toBe(true);
    expect(() => loadConfig({ OUTBOX_PUBLIC: 'yes please' })).toThrow(/OUTBOX_PUBLIC/);
  });

  it('says the outbox is for this machine, and warns loudly on a production start without SMTP_URL', () => {
    const development = outboxStartMessage({ outboxPublic: false, isProduction: false, dataDir: '/data' }, 3000);
    expect(development.line).toBe(
      'Mail outbox: http://localhost:3000/dev/outbox (this machine only; OUTBOX_PUBLIC=1 serves it to anyone, for a demo)',
    );
    expect(development.warning).toBeNull();
    const production = outboxStartMessage({ outboxPublic: true, isProduction: true, dataDir: '/data' }, 3000);
    expect(production.line).toContain('served to ANY client (OUTBOX_PUBLIC=1)');
    expect(production.warning).toMatch(/^WARNING: NODE_ENV=production without SMTP_URL: mail goes nowhere/);
  });
});

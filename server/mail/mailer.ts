import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { JobQueue, Mail, Mailer } from '../http/request-context';
import type { JobDefinition } from '../plugin-api/server-plugin';
import { listOutbox } from './outbox';

export const MAIL_DELIVER_JOB = 'mail.deliver';

/** `2026-11-21T10-15-30-123Z-confirmation-instructions-1a2b.eml`: sorts by time, readable, unique. */
export function outboxFileName(subject: string, at = new Date()): string {
  const slug = subject
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${at.toISOString().replace(/[:.]/g, '-')}-${slug || 'mail'}-${randomBytes(2).toString('hex')}.eml`;
}

export interface MailerOptions {
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
  jobs: () => JobQueue;
}

/**
 * nodemailer either way: with SMTP_URL over SMTP, otherwise each mail is rendered to a real
 * .eml file in the outbox, so a developer opens confirmation links without a mail server.
 */
export class NodeMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly options: MailerOptions) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async enqueue(mail: Mail): Promise<void> {
    await this.options.jobs().send(MAIL_DELIVER_JOB, mail);
  }

  async deliver(mail: Mail): Promise<void> {
    const message = { from: this.options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
    const info = await this.transport.sendMail(message);
    if (this.options.smtpUrl) return;
    await mkdir(this.options.outboxDir, { recursive: true });
    const file = path.join(this.options.outboxDir, outboxFileName(mail.subject));
    // Written under a temporary name first: the outbox never lists half a mail.
    await writeFile(`${file}.tmp`, info.message as Buffer);
    await rename(`${file}.tmp`, file);
  }

  async forget(address: string): Promise<number> {
    if (this.options.smtpUrl) return 0;
    const wanted = address.trim().toLowerCase();
    const theirs = (await listOutbox(this.options.outboxDir)).filter((mail) => recipientsOf(mail.to).includes(wanted));
    for (const mail of theirs) await rm(path.join(this.options.outboxDir, mail.file), { force: true });
    return theirs.length;
  }
}

/** The addresses of a To header, lower case: `a@x.example, "B" <b@y.example>` -> [a@x.example, b@y.example]. */
function recipientsOf(header: string): string[] {
  return header
    .split(',')
    .map((part) => (/<([^>]+)>/.exec(part)?.[1] ?? part).trim().toLowerCase())
    .filter((address) => address !== '');
}

export function mailDeliverJob(mailer: Mailer): JobDefinition<Mail> {
  return { name: MAIL_DELIVER_JOB, retryLimit: 5, handler: (mail) => mailer.deliver(mail) };
}

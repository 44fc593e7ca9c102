import path from 'node:path';
import { type OutboxMail, listOutbox } from '../../../server/mail/outbox';

export type { OutboxMail };

/**
 * Every mail the server wrote to `DATA_DIR/outbox/`, newest first, parsed (to, subject, text,
 * links) by the same reader as the /dev/outbox page, so the tests see what a developer sees.
 */
export function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  return listOutbox(path.join(dataDir, 'outbox'));
}

export interface MailQuery {
  to: string;
  /** Matched against the subject: a substring (case-insensitive) or a pattern. */
  subject?: string | RegExp;
  /** Only mails not in this list (e.g. what was there before the action that sends one). */
  excluding?: OutboxMail[];
}

function matches(mail: OutboxMail, query: MailQuery): boolean {
  if (!mail.to.toLowerCase().includes(query.to.toLowerCase())) return false;
  if (query.excluding?.some((seen) => seen.file === mail.file)) return false;
  if (query.subject === undefined) return true;
  return typeof query.subject === 'string'
    ? mail.subject.toLowerCase().includes(query.subject.toLowerCase())
    : query.subject.test(mail.subject);
}

/** Mail is delivered by a job (pg-boss polls), so it can take a moment to appear: poll for it. */
export async function waitForMail(dataDir: string, query: MailQuery, timeoutMs = 15_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(dataDir)).find((mail) => matches(mail, query));
    if (found) return found;
    if (Date.now() > deadline) {
      const subjects = (await readOutbox(dataDir)).map((mail) => `${mail.to}: ${mail.subject}`);
      throw new Error(
        `No mail to ${query.to} matching ${String(query.subject ?? '*')} within ${timeoutMs} ms. Outbox: ${subjects.join('; ') || 'empty'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in the mail whose path contains `pathPart` (e.g. '/users/confirmation'). */
export function linkIn(mail: OutboxMail, pathPart: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname.includes(pathPart));
  if (!link)
    throw new Error(`Mail "${mail.subject}" has no link to ${pathPart}; links: ${mail.links.join(', ') || 'none'}`);
  return link;
}

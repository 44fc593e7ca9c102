import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../server/plugin-api';
import { NOTIFICATION_INBOX } from '../../accounts/common/notification-inbox';
import { cueLink } from '../common/comments-contract';

export interface Mention {
  workspaceId: string;
  subtitleId: string;
  cueId: string;
  /** 1-based; 0: a reply on a thread whose cue was deleted. */
  cueNumber: number;
  author: { id: string; name: string };
  text: string;
  place: { projectId: string; projectVersionId: string; language: string; title: string };
  people: { id: string; name: string; email: string }[];
}

const told = (mention: Mention) => mention.people.filter((person) => person.id !== mention.author.id);
const titleOf = (mention: Mention) =>
  `${mention.author.name} mentioned you on ${mention.cueNumber > 0 ? `cue ${mention.cueNumber}` : 'a removed cue'} of “${mention.place.title}” (${mention.place.language})`;
const linkOf = (mention: Mention) =>
  cueLink(mention.place.projectId, mention.place.projectVersionId, mention.subtitleId, mention.cueId);

/** Inside the comment's transaction: an entry in each mentioned person's notification list (when that plugin is there). */
export async function notifyMentioned(app: FastifyInstance, tx: Queryable, mention: Mention): Promise<void> {
  const inbox = app.services.find(NOTIFICATION_INBOX);
  if (!inbox) return;
  for (const person of told(mention))
    await inbox.add(tx, person.id, {
      workspaceId: mention.workspaceId,
      title: titleOf(mention),
      link: linkOf(mention),
    });
}

/**
 * After the comment committed (never inside it: a rolled-back comment mails nobody): a mail to each
 * mentioned person through the app's mail queue (the outbox in development). One's own mention
 * mails nobody.
 */
export async function mailMentioned(app: FastifyInstance, mention: Mention): Promise<void> {
  const link = `${app.config.publicUrl}${linkOf(mention)}`;
  for (const person of told(mention)) {
    await app.mailer.enqueue({
      to: person.email,
      subject: `${mention.author.name} mentioned you in a comment`,
      text:
        `Hello ${person.name},\n\n${titleOf(mention)}:\n\n` +
        `${mention.text.replace(/^/gm, '> ')}\n\nOpen the cue: ${link}\n`,
    });
  }
}

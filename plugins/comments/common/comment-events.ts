import { defineDomainEvent } from '../../../core/common/domain-event';

/**
 * Domain events of comments (docs/plugins.md, "Domain events"), published in the transaction of
 * the change with the subtitle's workspace as tenant. The audit log names them; webhooks offer them.
 */

/** A comment was written: a new thread on a cue (`reply: false`) or a reply. Never the text itself beyond `text`. */
export const COMMENT_ADDED = defineDomainEvent<{
  threadId: string;
  commentId: string;
  subtitleId: string;
  cueId: string;
  userId: string;
  text: string;
  mentionedUserIds: string[];
  reply: boolean;
}>('comments.added', 1);

/** A thread was marked resolved. */
export const COMMENT_THREAD_RESOLVED = defineDomainEvent<{
  threadId: string;
  subtitleId: string;
  cueId: string;
  userId: string;
}>('comments.resolved', 1);

/** A resolved thread was opened again. */
export const COMMENT_THREAD_REOPENED = defineDomainEvent<{
  threadId: string;
  subtitleId: string;
  cueId: string;
  userId: string;
}>('comments.reopened', 1);

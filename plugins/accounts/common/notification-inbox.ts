import { serviceRef } from '../../../core/common/service-token';

/**
 * A person's notification list (issue #25), as any plugin tells someone something: a comment's
 * mention, an assignment. Declared here, in a kernel plugin's contract, because both the provider
 * (the optional notifications plugin) and its callers (comments, and later assignments) are
 * optional: a ref in one of their common/ folders would tie them together (npm run deps,
 * `optional-plugins-stand-alone`). Callers list it in `uses` and do without when it is absent.
 */
export interface NotificationInput {
  /** The workspace the news is about: the entry goes when the workspace does. */
  workspaceId: string;
  /** One line, as the list shows it ("Ann mentioned you on cue 3 of English"). */
  title: string;
  /** A path inside the app the entry opens (`/projects/…/subtitles/…?cue=…`). */
  link: string;
}

/** A statement runner: the app's database or the transaction of the change. */
export interface InboxSqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface NotificationInbox {
  /**
   * Adds an unread entry to `userId`'s list. Pass the transaction of the change that causes it, so
   * the entry exists exactly when the change does.
   */
  add(db: InboxSqlRunner, userId: string, notification: NotificationInput): Promise<void>;
}

export const NOTIFICATION_INBOX = serviceRef<NotificationInbox>('notifications.inbox');

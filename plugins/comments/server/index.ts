import { defineServerPlugin, PLUGIN_API_MAJOR, registerTenantResource } from '../../../server/plugin-api';
import { NOTIFICATION_INBOX } from '../../accounts/common/notification-inbox';
import { SUBTITLE_STORE } from '../../subtitles/common/subtitle-store';
import { COMMENTS_MESSAGES } from '../common/comments-contract';
import { COMMENTS_ACCOUNT_DATA } from './account-data';
import { CommentRepository } from './comment-repository';
import { registerCommentRoutes } from './comment-routes';
import { commentsMigrations } from './comments-migrations';

/**
 * Comment threads on cues (issue #25): add, reply, edit or delete one's own, resolve and reopen;
 * mentions of workspace members, who get a mail and (with the notifications plugin) an entry in
 * their notification list. Anchored by the cue ids of the subtitles plugin's live document
 * (SUBTITLE_STORE.cueIds). Events: comments.added, comments.resolved, comments.reopened.
 */
export default defineServerPlugin({
  id: 'comments',
  apiVersion: PLUGIN_API_MAJOR,
  migrations: commentsMigrations,
  accountData: COMMENTS_ACCOUNT_DATA,
  requires: [SUBTITLE_STORE],
  uses: [NOTIFICATION_INBOX],
  async routes(app) {
    const comments = new CommentRepository(app.db);
    registerTenantResource(app, 'commentThread', (id) => comments.threadOwner(id), COMMENTS_MESSAGES.threadNotFound);
    registerTenantResource(app, 'comment', (id) => comments.commentOwner(id), COMMENTS_MESSAGES.commentNotFound);
    registerCommentRoutes(app, comments);
  },
});

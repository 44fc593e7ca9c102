import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError, type Queryable } from '../../../server/plugin-api';
import { SUBTITLE_STORE } from '../../subtitles/common/subtitle-store';
import { COMMENTS_MESSAGES as MESSAGES } from '../common/comments-contract';
import { COMMENT_ADDED } from '../common/comment-events';
import { checkedMentions, checkedText } from './comment-input';
import type { CommentRepository, StoredThread } from './comment-repository';
import { mailMentioned, notifyMentioned, type Mention } from './mention-mail';

/**
 * What the comment routes share: a thread as served (its cue's number in the subtitle now), and
 * writing a comment (a new thread or a reply) with its event, the mentioned people's
 * notifications in the same transaction and their mails after the commit.
 */
export function commentWriting(app: FastifyInstance, comments: CommentRepository) {
  const userOf = (request: FastifyRequest) => request.currentUser!.id;

  /** The subtitle's cue ids now; 503-free: without the subtitles plugin's live ids, comments cannot anchor. */
  async function cueIdsOf(workspaceId: string, subtitleId: string): Promise<string[]> {
    const store = app.services.get(SUBTITLE_STORE);
    if (!store.cueIds) throw httpError(501, 'not_supported', MESSAGES.editorMissing);
    const ids = await store.cueIds(workspaceId, subtitleId);
    if (!ids) throw httpError(404, 'not_found', MESSAGES.subtitleGone);
    return ids;
  }

  const present = (thread: StoredThread, ids: readonly string[]) => {
    const { id, ...attributes } = thread;
    const at = ids.indexOf(thread.cueId);
    return { id, type: 'commentThread', attributes: { ...attributes, cueNumber: at < 0 ? null : at + 1 } };
  };

  async function oneThreadOf(workspaceId: string, subtitleId: string, threadId: string) {
    const [thread] = await comments.threads(subtitleId, threadId);
    if (!thread) throw httpError(404, 'not_found', MESSAGES.threadNotFound);
    return { data: present(thread, await cueIdsOf(workspaceId, subtitleId)) };
  }

  /** Writes a comment (and its thread when new), its event and the mentioned people's notifications; mails them after the commit. */
  async function write(
    request: FastifyRequest,
    input: {
      workspaceId: string;
      subtitleId: string;
      cueId: string;
      threadId: string | null;
      text: string;
      mentions?: string[];
    },
  ) {
    const text = checkedText(input.text);
    const people = await comments.people(input.workspaceId);
    const mentioned = checkedMentions(input.mentions, new Set(people.map((person) => person.id)));
    const ids = await cueIdsOf(input.workspaceId, input.subtitleId);
    const cueNumber = ids.indexOf(input.cueId) + 1;
    if (input.threadId === null && cueNumber === 0) throw httpError(422, 'invalid', MESSAGES.noSuchCue, 'cueId');
    const userId = userOf(request);
    const place = await comments.subtitlePlace(input.subtitleId);
    if (!place) throw httpError(404, 'not_found', MESSAGES.subtitleGone);
    const author = people.find((person) => person.id === userId) ?? { id: userId, name: 'Someone' };
    const mention: Mention = {
      workspaceId: input.workspaceId,
      subtitleId: input.subtitleId,
      cueId: input.cueId,
      cueNumber,
      author: { id: userId, name: author.name },
      text,
      place,
      people: people.filter((person) => mentioned.includes(person.id)),
    };
    const threadId = await app.db.transaction(async (tx: Queryable) => {
      const thread =
        input.threadId ??
        (await comments.createThread(tx, {
          workspaceId: input.workspaceId,
          subtitleId: input.subtitleId,
          cueId: input.cueId,
          userId,
        }));
      const commentId = await comments.addComment(tx, {
        threadId: thread,
        workspaceId: input.workspaceId,
        userId,
        text,
        mentions: mentioned,
      });
      await app.events.publish(
        tx,
        COMMENT_ADDED,
        {
          threadId: thread,
          commentId,
          subtitleId: input.subtitleId,
          cueId: input.cueId,
          userId,
          text,
          mentionedUserIds: mentioned,
          reply: input.threadId !== null,
        },
        { workspaceId: input.workspaceId },
      );
      await notifyMentioned(app, tx, mention);
      return thread;
    });
    await mailMentioned(app, mention);
    return { data: present((await comments.threads(input.subtitleId, threadId))[0], ids) };
  }

  return { cueIdsOf, present, oneThreadOf, write, userOf };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError, idParams, resourceSchema, tenantOf, type Queryable } from '../../../server/plugin-api';
import {
  COMMENTS_MESSAGES as MESSAGES,
  COMMENTS_PATHS,
  type NewCommentRequest,
  type NewThreadRequest,
} from '../common/comments-contract';
import { COMMENT_THREAD_REOPENED, COMMENT_THREAD_RESOLVED } from '../common/comment-events';
import { checkedMentions, checkedText, mentionsSchema, textSchema } from './comment-input';
import { CommentRepository } from './comment-repository';
import { commentWriting } from './comment-writing';

const commentSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    authorId: { type: 'string' },
    authorName: { type: 'string' },
    text: { type: 'string' },
    mentions: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string' },
    editedAt: { type: ['string', 'null'] },
  },
} as const;
const threadSchema = resourceSchema('commentThread', {
  subtitleId: { type: 'string' },
  cueId: { type: 'string' },
  cueNumber: { type: ['integer', 'null'] },
  resolved: { type: 'boolean' },
  resolvedAt: { type: ['string', 'null'] },
  resolvedByName: { type: ['string', 'null'] },
  createdAt: { type: 'string' },
  comments: { type: 'array', items: commentSchema },
});
/** A POST that takes nothing: an empty object or no body. */
const noBody = { type: ['object', 'null'], additionalProperties: false, properties: {} } as const;
const oneThread = { 200: { type: 'object', properties: { data: threadSchema } } };
const subtitleParams = {
  type: 'object',
  required: ['subtitleId'],
  properties: { subtitleId: idParams.properties.id },
} as const;
const ofSubtitle = { access: 'member', tenant: { resource: 'subtitle', id: 'params.subtitleId' } } as const;
const ofThread = { access: 'member', tenant: { resource: 'commentThread', id: 'params.id' } } as const;
const ofComment = { access: 'member', tenant: { resource: 'comment', id: 'params.id' } } as const;

/**
 * Threads on a subtitle's cues. Any member of the workspace may read, write, reply, resolve and
 * reopen, reviewers included (docs/roles.md: they comment); only the author changes or deletes a
 * comment. Every change publishes its domain event in its transaction.
 */
export function registerCommentRoutes(app: FastifyInstance, comments: CommentRepository): void {
  const { cueIdsOf, present, oneThreadOf, write, userOf } = commentWriting(app, comments);

  app.get<{ Params: { subtitleId: string } }>(
    COMMENTS_PATHS.threads(':subtitleId'),
    {
      config: ofSubtitle,
      schema: {
        summary: "The comment threads on a subtitle's cues, oldest first",
        params: subtitleParams,
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: threadSchema } } } },
      },
    },
    async (request) => {
      const { workspaceId } = tenantOf(request);
      const threads = await comments.threads(request.params.subtitleId);
      const ids = threads.length > 0 ? await cueIdsOf(workspaceId!, request.params.subtitleId) : [];
      return { data: threads.map((thread) => present(thread, ids)) };
    },
  );

  app.get<{ Params: { subtitleId: string } }>(
    COMMENTS_PATHS.people(':subtitleId'),
    {
      config: ofSubtitle,
      schema: {
        summary: 'Who may be mentioned in comments on this subtitle: the workspace’s members',
        params: subtitleParams,
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'array',
                items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
    async (request) => ({
      data: (await comments.people(tenantOf(request).workspaceId!)).map(({ id, name }) => ({ id, name })),
    }),
  );

  app.post<{ Params: { subtitleId: string }; Body: NewThreadRequest }>(
    COMMENTS_PATHS.threads(':subtitleId'),
    {
      config: ofSubtitle,
      schema: {
        summary: 'Starts a comment thread on a cue',
        params: subtitleParams,
        body: {
          type: 'object',
          required: ['cueId', 'text'],
          additionalProperties: false,
          properties: {
            cueId: { type: 'string', minLength: 1, maxLength: 100 },
            text: textSchema,
            mentions: mentionsSchema,
          },
        },
        response: { 201: oneThread[200] },
      },
    },
    async (request, reply) => {
      const { workspaceId } = tenantOf(request);
      const body = await write(request, {
        ...request.body,
        workspaceId: workspaceId!,
        subtitleId: request.params.subtitleId,
        threadId: null,
      });
      return reply.status(201).send(body);
    },
  );

  app.post<{ Params: { id: string }; Body: NewCommentRequest }>(
    COMMENTS_PATHS.replies(':id'),
    {
      config: ofThread,
      schema: {
        summary: 'Replies in a comment thread',
        params: idParams,
        body: {
          type: 'object',
          required: ['text'],
          additionalProperties: false,
          properties: { text: textSchema, mentions: mentionsSchema },
        },
        response: { 201: oneThread[200] },
      },
    },
    async (request, reply) => {
      const thread = await comments.thread(app.db, request.params.id);
      if (!thread) throw httpError(404, 'not_found', MESSAGES.threadNotFound);
      const body = await write(request, { ...request.body, ...thread, threadId: thread.id });
      return reply.status(201).send(body);
    },
  );

  for (const resolved of [true, false]) {
    app.post<{ Params: { id: string } }>(
      resolved ? COMMENTS_PATHS.resolve(':id') : COMMENTS_PATHS.reopen(':id'),
      {
        config: ofThread,
        schema: {
          summary: resolved ? 'Resolves a comment thread' : 'Reopens a resolved comment thread',
          params: idParams,
          body: noBody,
          response: oneThread,
        },
      },
      async (request) => {
        const userId = userOf(request);
        const thread = await comments.thread(app.db, request.params.id);
        if (!thread) throw httpError(404, 'not_found', MESSAGES.threadNotFound);
        await app.db.transaction(async (tx: Queryable) => {
          if (!(await comments.setResolved(tx, thread.id, userId, resolved))) return;
          await app.events.publish(
            tx,
            resolved ? COMMENT_THREAD_RESOLVED : COMMENT_THREAD_REOPENED,
            { threadId: thread.id, subtitleId: thread.subtitleId, cueId: thread.cueId, userId },
            { workspaceId: thread.workspaceId },
          );
        });
        return oneThreadOf(thread.workspaceId, thread.subtitleId, thread.id);
      },
    );
  }

  async function ownComment(request: FastifyRequest<{ Params: { id: string } }>) {
    const comment = await comments.comment(app.db, request.params.id);
    if (!comment) throw httpError(404, 'not_found', MESSAGES.commentNotFound);
    if (comment.authorId !== userOf(request)) throw httpError(403, 'forbidden', MESSAGES.notYours);
    return comment;
  }

  app.patch<{ Params: { id: string }; Body: NewCommentRequest }>(
    COMMENTS_PATHS.comment(':id'),
    {
      config: ofComment,
      schema: {
        summary: 'Changes one of my comments',
        params: idParams,
        body: {
          type: 'object',
          required: ['text'],
          additionalProperties: false,
          properties: { text: textSchema, mentions: mentionsSchema },
        },
        response: oneThread,
      },
    },
    async (request) => {
      const comment = await ownComment(request);
      const text = checkedText(request.body.text);
      const people = await comments.people(comment.workspaceId);
      const mentions = checkedMentions(request.body.mentions, new Set(people.map((person) => person.id)));
      await app.db.transaction((tx: Queryable) => comments.editComment(tx, comment.id, text, mentions));
      const thread = (await comments.thread(app.db, comment.threadId))!;
      return oneThreadOf(thread.workspaceId, thread.subtitleId, thread.id);
    },
  );

  app.delete<{ Params: { id: string } }>(
    COMMENTS_PATHS.comment(':id'),
    {
      config: ofComment,
      schema: {
        summary: 'Deletes one of my comments (a thread left empty goes with it)',
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: { meta: { type: 'object', properties: { threadDeleted: { type: 'boolean' } } } },
          },
        },
      },
    },
    async (request) => {
      const comment = await ownComment(request);
      const threadDeleted = await app.db.transaction((tx: Queryable) => comments.deleteComment(tx, comment));
      return { meta: { threadDeleted } };
    },
  );
}

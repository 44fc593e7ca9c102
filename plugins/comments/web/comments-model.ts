import * as effector from 'effector';
import { apiEffect, type ApiClient } from '../../../core';
import {
  COMMENTS_PATHS,
  type CommentPeopleResponse,
  type CommentPerson,
  type NewThreadRequest,
  type ThreadResource,
  type ThreadResponse,
  type ThreadsResponse,
} from '../common/comments-contract';

const { createEvent, createStore, sample } = effector;

/** Comment counts by cue id: open threads' comments, and whether every thread of the cue is resolved. */
export interface CueCommentCount {
  comments: number;
  open: number;
}

export function countsByCue(threads: readonly ThreadResource[]): Map<string, CueCommentCount> {
  const counts = new Map<string, CueCommentCount>();
  for (const thread of threads) {
    const count = counts.get(thread.attributes.cueId) ?? { comments: 0, open: 0 };
    count.comments += thread.attributes.comments.length;
    if (!thread.attributes.resolved) count.open += 1;
    counts.set(thread.attributes.cueId, count);
  }
  return counts;
}

/** The first cue after `activeCueId` (wrapping round) with an open thread, in the list's order. */
export function nextUnresolved(
  threads: readonly ThreadResource[],
  cueIds: readonly string[],
  activeCueId: string | null,
): string | null {
  const open = new Set(threads.filter((t) => !t.attributes.resolved).map((t) => t.attributes.cueId));
  if (open.size === 0) return null;
  const from = activeCueId ? cueIds.indexOf(activeCueId) : -1;
  for (let step = 1; step <= cueIds.length; step++) {
    const id = cueIds[(from + step + cueIds.length) % cueIds.length];
    if (open.has(id)) return id;
  }
  return null;
}

/**
 * One subtitle's comment threads in the editor: loaded, refreshed by polling (colleagues' new
 * comments show without a reload), changed by the panel's actions; every change answers with the
 * thread as it now is, which replaces the one in the list.
 */
export function createCommentsModel({ api, subtitleId }: { api: ApiClient; subtitleId: string }) {
  const refreshed = createEvent();
  const loadFx = apiEffect<void, ThreadResource[]>(
    async () => (await api.get<ThreadsResponse>(COMMENTS_PATHS.threads(subtitleId))).data.data,
  );
  const peopleFx = apiEffect<void, CommentPerson[]>(
    async () => (await api.get<CommentPeopleResponse>(COMMENTS_PATHS.people(subtitleId))).data.data,
  );
  const startFx = apiEffect(
    async (body: NewThreadRequest) =>
      (await api.post<ThreadResponse>(COMMENTS_PATHS.threads(subtitleId), body)).data.data,
  );
  const replyFx = apiEffect(
    async ({ threadId, text, mentions }: { threadId: string; text: string; mentions: string[] }) =>
      (await api.post<ThreadResponse>(COMMENTS_PATHS.replies(threadId), { text, mentions })).data.data,
  );
  const resolveFx = apiEffect(
    async ({ threadId, resolved }: { threadId: string; resolved: boolean }) =>
      (
        await api.post<ThreadResponse>(
          resolved ? COMMENTS_PATHS.resolve(threadId) : COMMENTS_PATHS.reopen(threadId),
          {},
        )
      ).data.data,
  );
  const editFx = apiEffect(
    async ({ commentId, text, mentions }: { commentId: string; text: string; mentions: string[] }) =>
      (await api.patch<ThreadResponse>(COMMENTS_PATHS.comment(commentId), { text, mentions })).data.data,
  );
  const deleteFx = apiEffect(async ({ commentId, threadId }: { commentId: string; threadId: string }) => {
    const res = await api.delete<{ meta: { threadDeleted: boolean } }>(COMMENTS_PATHS.comment(commentId));
    return { threadId, threadDeleted: res.data.meta.threadDeleted };
  });

  const upsert = (threads: ThreadResource[], thread: ThreadResource) =>
    threads.some((t) => t.id === thread.id)
      ? threads.map((t) => (t.id === thread.id ? thread : t))
      : [...threads, thread];
  const $threads = createStore<ThreadResource[]>([])
    // A poll that brings nothing new keeps the list as it was: no row's marker draws again.
    .on(loadFx.doneData, (old, threads) => (JSON.stringify(old) === JSON.stringify(threads) ? old : threads))
    .on([startFx.doneData, replyFx.doneData, resolveFx.doneData, editFx.doneData], upsert)
    .on(deleteFx.doneData, (threads, { threadId, threadDeleted }) =>
      threadDeleted ? threads.filter((t) => t.id !== threadId) : threads,
    );
  const $counts = $threads.map(countsByCue);
  const $people = createStore<CommentPerson[]>([]).on(peopleFx.doneData, (_, people) => people);

  sample({ clock: refreshed, filter: loadFx.pending.map((pending) => !pending), target: loadFx });
  // A deleted comment of a thread that stays: read the thread again.
  sample({ clock: deleteFx.doneData, filter: ({ threadDeleted }) => !threadDeleted, target: loadFx });

  return { refreshed, loadFx, peopleFx, startFx, replyFx, resolveFx, editFx, deleteFx, $threads, $counts, $people };
}

export type CommentsModel = ReturnType<typeof createCommentsModel>;

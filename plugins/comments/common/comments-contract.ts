import { versionSubtitlePage } from '../../projects/common/project-version-page';
/**
 * Comment threads on cues (issue #25): the calls, shapes and messages both sides share. A thread
 * hangs on one cue of one subtitle by the cue's id in the subtitle's live document
 * (plugins/subtitles/common/live-cues.ts): ids stay with their cue through edits, saves and
 * re-ordering, so the thread does. A thread whose cue was deleted is kept and shown as "on a
 * removed cue" (cueNumber null), resolvable like any other.
 */
export const COMMENT_MAX_LENGTH = 5000;
export const MENTIONS_PER_COMMENT = 20;

export const COMMENTS_PATHS = {
  threads: (subtitleId: string) => `/api/v1/subtitles/${subtitleId}/comment_threads`,
  people: (subtitleId: string) => `/api/v1/subtitles/${subtitleId}/comment_people`,
  replies: (threadId: string) => `/api/v1/comment_threads/${threadId}/replies`,
  resolve: (threadId: string) => `/api/v1/comment_threads/${threadId}/resolve`,
  reopen: (threadId: string) => `/api/v1/comment_threads/${threadId}/reopen`,
  comment: (commentId: string) => `/api/v1/comments/${commentId}`,
} as const;

export interface CommentData {
  id: string;
  authorId: string;
  authorName: string;
  text: string;
  /** User ids of the people mentioned (each was a member of the workspace when written). */
  mentions: string[];
  createdAt: string;
  editedAt: string | null;
}

export interface ThreadAttributes {
  subtitleId: string;
  cueId: string;
  /** 1-based position of the cue now; null: the cue was deleted (the thread stays, "on a removed cue"). */
  cueNumber: number | null;
  resolved: boolean;
  resolvedAt: string | null;
  resolvedByName: string | null;
  createdAt: string;
  comments: CommentData[];
}

export interface ThreadResource {
  id: string;
  type: 'commentThread';
  attributes: ThreadAttributes;
}

export interface ThreadsResponse {
  data: ThreadResource[];
}

export interface ThreadResponse {
  data: ThreadResource;
}

export interface CommentPerson {
  id: string;
  name: string;
}

/** GET …/comment_people: who may be mentioned (the workspace's members). */
export interface CommentPeopleResponse {
  data: CommentPerson[];
}

export interface NewThreadRequest {
  cueId: string;
  text: string;
  mentions?: string[];
}

export interface NewCommentRequest {
  text: string;
  mentions?: string[];
}

export const COMMENTS_MESSAGES = {
  emptyText: 'Write something first.',
  tooLong: `A comment has at most ${COMMENT_MAX_LENGTH} characters.`,
  noSuchCue: 'That cue is not in this subtitle (it may have been deleted).',
  notAMember: 'You can only mention members of this workspace.',
  notYours: 'You can only change or delete your own comments.',
  threadNotFound: 'Comment thread not found.',
  commentNotFound: 'Comment not found.',
  subtitleGone: 'This subtitle is not there any more.',
  editorMissing: 'Comments need the subtitle editor’s cue ids, which this installation does not offer.',
} as const;

/** The editor's address of a cue: the subtitle's page with `?cue=` (the editor goes to it). */
export const cueLink = (projectId: string, projectVersionId: string, subtitleId: string, cueId: string) =>
  `${versionSubtitlePage(projectId, projectVersionId, subtitleId)}?cue=${encodeURIComponent(cueId)}`;

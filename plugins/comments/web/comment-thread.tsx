import { useUnit } from 'effector-react';
import { useState } from 'react';
import { TOKENS, type AppModel, type Container, type ToastService } from '../../../core';
import type { CommentData, CommentPerson, ThreadResource } from '../common/comments-contract';
import type { CommentsModel } from './comments-model';
import { MentionComposer } from './mention-composer';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * One thread: its comments (author, time, text; "edited"), Reply, Resolve / Reopen, and Edit and
 * Delete on one's own comments. Every button is a plain button, reached by Tab.
 */
export function CommentThread({
  thread,
  model,
  people,
  container,
}: {
  thread: ThreadResource;
  model: CommentsModel;
  people: readonly CommentPerson[];
  container: Container;
}) {
  const me = useUnit(container.get<AppModel>(TOKENS.AppModel).$user)?.id ?? null;
  const toast = container.get<ToastService>(TOKENS.ToastService);
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const { resolved, cueNumber, comments } = thread.attributes;
  const failed = (error: unknown) => toast.error((error as Error).message);
  const run = (work: Promise<unknown>) => work.catch((error) => (failed(error), Promise.reject(error)));
  const mentionsOf = (comment: CommentData) => people.filter((person) => comment.mentions.includes(person.id));

  return (
    <article
      className={resolved ? 'comment-thread comment-thread-resolved' : 'comment-thread'}
      aria-label={`${resolved ? 'Resolved thread' : 'Thread'} on ${cueNumber ? `cue ${cueNumber}` : 'a removed cue'}`}
      data-testid="comment-thread"
    >
      {resolved && (
        <p className="muted">
          Resolved{thread.attributes.resolvedByName ? ` by ${thread.attributes.resolvedByName}` : ''}
        </p>
      )}
      <ol className="comment-list">
        {comments.map((comment) => (
          <li key={comment.id} className="comment">
            <p className="comment-meta">
              <strong>{comment.authorName}</strong> <span className="muted">{when(comment.createdAt)}</span>
              {comment.editedAt && <span className="muted"> (edited)</span>}
            </p>
            {editing === comment.id ? (
              <MentionComposer
                label="Edit comment"
                submitLabel="Save"
                people={people}
                initialText={comment.text}
                initialMentions={mentionsOf(comment)}
                onSubmit={(text, mentions) =>
                  run(model.editFx({ commentId: comment.id, text, mentions })).then(() => setEditing(null))
                }
                onCancel={() => setEditing(null)}
              />
            ) : (
              <p className="comment-text">{comment.text}</p>
            )}
            {comment.authorId === me && editing !== comment.id && (
              <p className="comment-own-actions">
                <button type="button" className="link-button" onClick={() => setEditing(comment.id)}>
                  Edit<span className="visually-hidden"> your comment</span>
                </button>{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() =>
                    void run(model.deleteFx({ commentId: comment.id, threadId: thread.id })).catch(() => {})
                  }
                >
                  Delete<span className="visually-hidden"> your comment</span>
                </button>
              </p>
            )}
          </li>
        ))}
      </ol>
      {replying ? (
        <MentionComposer
          label="Reply"
          submitLabel="Reply"
          people={people}
          onSubmit={(text, mentions) =>
            run(model.replyFx({ threadId: thread.id, text, mentions })).then(() => setReplying(false))
          }
          onCancel={() => setReplying(false)}
        />
      ) : (
        <div className="comment-thread-actions">
          <button type="button" className="button" onClick={() => setReplying(true)}>
            Reply
          </button>
          <button
            type="button"
            className="button"
            onClick={() => void run(model.resolveFx({ threadId: thread.id, resolved: !resolved })).catch(() => {})}
          >
            {resolved ? 'Reopen' : 'Resolve'}
          </button>
        </div>
      )}
    </article>
  );
}

import { useUnit } from 'effector-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { TOKENS, type Container, type PollingService, type PluginRegistry, type ToastService } from '../../../core';
import type { SubtitleCueAnnotationHost } from '../../subtitles/web/extension-points';
import type { ThreadResource } from '../common/comments-contract';
import { nextUnresolved, type CommentsModel } from './comments-model';
import { CommentThread } from './comment-thread';
import { MentionComposer } from './mention-composer';

/** How often an open editor asks for colleagues' new comments. */
const POLL_MS = 3000;
const onSubtitlePage = (subtitleId: string) => (ctx: { path: string }) =>
  new RegExp(`/subtitles/${subtitleId}/?$`).test(ctx.path);

/**
 * The active cue's threads beside the cue list, a box to start one, and the threads whose cue was
 * deleted ("on a removed cue"). While shown: polling for colleagues' comments, and the palette's
 * "Comment on cue" (Alt+C, into the box) and "Next unresolved comment" (Alt+Shift+C).
 */
export function CommentsPanel({
  model,
  host,
  container,
}: {
  model: CommentsModel;
  host: SubtitleCueAnnotationHost;
  container: Container;
}) {
  const [threads, people, starting] = useUnit([model.$threads, model.$people, model.startFx.pending]);
  const box = useRef<HTMLTextAreaElement>(null);
  const toast = container.get<ToastService>(TOKENS.ToastService);
  const { subtitleId, cueIds, activeCueId, goToCue, focusList } = host;
  const activeNumber = activeCueId ? cueIds.indexOf(activeCueId) + 1 : 0;
  const here = threads.filter((thread) => thread.attributes.cueId === activeCueId);
  const removed = threads.filter((thread) => !cueIds.includes(thread.attributes.cueId));
  const open = threads.filter((thread) => !thread.attributes.resolved).length;

  useEffect(() => {
    const polling = container.get<PollingService>(TOKENS.PollingService);
    const id = `comments.${subtitleId}`;
    polling.start({
      id,
      intervalMs: POLL_MS,
      run: () => void (document.visibilityState === 'visible' && model.refreshed()),
    });
    return () => polling.stop(id);
  }, [container, model, subtitleId]);

  const latest = useRef({ threads, cueIds, activeCueId, goToCue });
  latest.current = { threads, cueIds, activeCueId, goToCue };
  useLayoutEffect(() => {
    const registry = container.get<PluginRegistry>(TOKENS.PluginRegistry);
    const when = onSubtitlePage(subtitleId);
    const disposers = [
      registry.registerCommand({
        id: 'comments.commentOnCue',
        title: 'Comment on cue',
        group: 'Subtitle editor',
        shortcut: 'alt+c',
        keywords: ['comment', 'note', 'mention', 'thread', 'discuss'],
        when,
        // After the palette has closed and handed focus back to the list: then into the box.
        run: () => void requestAnimationFrame(() => box.current?.focus()),
      }),
      registry.registerCommand({
        id: 'comments.nextUnresolved',
        title: 'Next unresolved comment',
        group: 'Subtitle editor',
        shortcut: 'alt+shift+c',
        keywords: ['comment', 'open', 'thread', 'jump'],
        when,
        run: () => {
          const { threads: list, cueIds: ids, activeCueId: at, goToCue: go } = latest.current;
          const next = nextUnresolved(list, ids, at);
          if (next) go(next);
          else toast.info('No unresolved comments.');
        },
      }),
    ];
    return () => disposers.forEach((dispose) => dispose());
  }, [container, subtitleId, toast]);

  const start = async (text: string, mentions: string[]) => {
    if (!activeCueId) return;
    try {
      await model.startFx({ cueId: activeCueId, text, mentions });
    } catch (error) {
      toast.error((error as Error).message);
      throw error;
    }
  };

  return (
    <section className="comments-panel" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="comments-heading">
        Comments {activeNumber > 0 && `on cue ${activeNumber}`}
        <span className="muted"> · {open} unresolved in this subtitle</span>
      </h2>
      {activeNumber === 0 ? (
        <p className="muted">Choose a cue to read or write its comments.</p>
      ) : (
        <>
          {here.length === 0 && <p className="muted">No comments on this cue yet.</p>}
          {here.map((thread: ThreadResource) => (
            <CommentThread key={thread.id} thread={thread} model={model} people={people} container={container} />
          ))}
          <MentionComposer
            key={activeCueId}
            label={`Comment on cue ${activeNumber}`}
            submitLabel="Comment"
            people={people}
            textRef={box}
            busy={starting}
            onSubmit={start}
            onCancel={focusList}
            noCancelButton
          />
        </>
      )}
      {removed.length > 0 && (
        <details className="comments-removed">
          <summary>
            {removed.length} {removed.length === 1 ? 'thread' : 'threads'} on a removed cue
          </summary>
          {removed.map((thread) => (
            <CommentThread key={thread.id} thread={thread} model={model} people={people} container={container} />
          ))}
        </details>
      )}
    </section>
  );
}

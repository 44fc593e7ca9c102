import { useUnit } from 'effector-react';
import type { ApiClient, Container } from '../../../core';
import { TOKENS } from '../../../core';
import type { SubtitleCueAnnotator } from '../../subtitles/web/extension-points';
import { createCommentsModel } from './comments-model';
import { CommentsPanel } from './comments-panel';
import './comments.css';

/**
 * What the comments plugin hangs on the editor's cues (the subtitles plugin's cueAnnotations
 * point): one model per subtitle opened, a count in each row with threads, and the panel.
 */
export function commentsAnnotator({
  container,
  subtitleId,
}: {
  container: Container;
  projectVersionId: string;
  subtitleId: string;
}): SubtitleCueAnnotator {
  const model = createCommentsModel({ api: container.get<ApiClient>(TOKENS.ApiClient), subtitleId });
  void model.loadFx().catch(() => {});
  void model.peopleFx().catch(() => {});

  function Marker({ cueId }: { cueId: string }) {
    const count = useUnit(model.$counts).get(cueId);
    if (!count) return null;
    const words = `${count.comments} ${count.comments === 1 ? 'comment' : 'comments'}${count.open === 0 ? ', resolved' : ''}`;
    return (
      <span
        className={count.open > 0 ? 'cue-comments' : 'cue-comments cue-comments-resolved'}
        title={words}
        data-testid="cue-comments"
      >
        <span aria-hidden="true">💬{count.comments}</span>
        <span className="visually-hidden">{words}</span>
      </span>
    );
  }

  return {
    Marker,
    Panel: (host) => <CommentsPanel model={model} host={host} container={container} />,
  };
}

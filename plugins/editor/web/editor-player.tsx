import { useRef, useState, type RefObject } from 'react';
import { TOKENS, useService } from '../../../core';
import { useVideoProblem, VideoProblemNote } from '../../../core/ui';
import type { EditorCue } from './model/cue-edits';
import { usePlayingFrames } from './use-playing-frames';

/**
 * The editor's video with the cue under the playhead drawn over it (in italics when the cue is),
 * or why the video cannot be shown. The overlay follows the video frame by frame while it plays; a
 * render happens only when the cue under it changes (React skips a state set to the same id).
 */
export function EditorPlayer({
  video,
  videoUrl,
  cues,
  onPlayhead,
  onDuration,
}: {
  video: RefObject<HTMLVideoElement | null>;
  videoUrl: string;
  cues: readonly EditorCue[];
  onPlayhead(ms: number): void;
  onDuration(ms: number): void;
}) {
  const api = useService(TOKENS.ApiClient);
  const player = useVideoProblem(api, videoUrl);
  const cuesNow = useRef(cues);
  cuesNow.current = cues;
  const frameMs = useRef(0);
  const [, setCueUnderFrame] = useState<string | null>(null);
  usePlayingFrames(video, (ms) => {
    frameMs.current = ms;
    setCueUnderFrame(cuesNow.current.find((cue) => cue.start <= ms && ms < cue.end)?.id ?? null);
  });
  const at = frameMs.current;
  const playing = cues.find((cue) => cue.start <= at && at < cue.end);
  return (
    <div className="editor-player">
      {player.problem ? (
        <VideoProblemNote video={player} />
      ) : (
        <video
          key={player.attempt}
          ref={video}
          src={videoUrl}
          preload="metadata"
          controls
          aria-label="Video"
          onTimeUpdate={(event) => {
            frameMs.current = event.currentTarget.currentTime * 1000;
            onPlayhead(frameMs.current);
          }}
          onLoadedMetadata={(event) => onDuration(Math.round((event.currentTarget.duration || 0) * 1000))}
          onError={player.onError}
        />
      )}
      <p className={playing?.italic ? 'editor-overlay cue-italic' : 'editor-overlay'} aria-live="off">
        {playing?.text}
      </p>
    </div>
  );
}

import { useCallback, useState } from 'react';
import { ApiError, type ApiClient } from '../services/api-client';

/** What a player's place says when the browser cannot load the video and the server gives no reason. */
export const NO_VIDEO = 'This version has no video to play.';

/**
 * Said when the server has the video and the browser still cannot play it: an upload a browser does
 * not play (AVI, MPEG-TS, AC-3 in MKV…) is given a copy it plays by a job that takes about as long
 * as the film, and until then the upload is what there is to serve. "Try again" reloads the player.
 */
export const NOT_PLAYABLE_YET =
  'This browser cannot play the video as uploaded. If Polycue is still making a copy it can play, try again in a few minutes.';

export interface VideoProblem {
  /** null while the player plays (or has not failed yet); else what to show in its place. */
  problem: string | null;
  /** Whether "Try again" helps: the server has the video, the browser could not play it. */
  retryable: boolean;
  /** Changes on every retry: the player's `key`, so a retry mounts a fresh `<video>`. */
  attempt: number;
  /** The `<video>`'s onError. */
  onError(): void;
  retry(): void;
}

/**
 * A player's error, explained (the editor's and the share page's): a `<video>` error event carries
 * no reason, so the same address is asked once (one byte) and the server's message — "This project
 * has no video yet", the workspace's media retention removed it after N days, a share link revoked
 * — is shown in place of the player. A file that is there but does not play says so, with a retry.
 */
export function useVideoProblem(api: ApiClient, videoUrl: string): VideoProblem {
  const [state, setState] = useState<{ problem: string | null; retryable: boolean }>({
    problem: null,
    retryable: false,
  });
  const [attempt, setAttempt] = useState(0);
  const onError = useCallback(() => {
    setState({ problem: NO_VIDEO, retryable: false });
    api.get(videoUrl, { headers: { Range: 'bytes=0-0' } }).then(
      () => setState({ problem: NOT_PLAYABLE_YET, retryable: true }),
      (error: unknown) =>
        setState({
          problem: error instanceof ApiError && error.status === 404 ? error.message : NO_VIDEO,
          retryable: false,
        }),
    );
  }, [api, videoUrl]);
  const retry = useCallback(() => {
    setState({ problem: null, retryable: false });
    setAttempt((count) => count + 1);
  }, []);
  return { ...state, attempt, onError, retry };
}

/** The player's place when it failed: the reason, and "Try again" when a retry can help. */
export function VideoProblemNote({ video }: { video: VideoProblem }) {
  return (
    <div className="video-problem" role="status">
      <p className="muted">{video.problem}</p>
      {video.retryable && (
        <button type="button" onClick={video.retry}>
          Try again
        </button>
      )}
    </div>
  );
}

import { useCallback, useState } from 'react';
import type { ApiClient } from '../../../core';

/** What the player's place says when the browser cannot load the video and the server gives no reason. */
export const NO_VIDEO = 'This version has no video to play.';

/**
 * The player's error, explained: a `<video>` error event carries no reason, so the editor asks the
 * same address once (one byte) and shows the server's message — "This project has no video yet",
 * or that the workspace's media retention removed it after N days (the subtitles are kept) — in
 * place of the player. A file that is there but does not play says so too.
 */
export function useVideoMissing(api: ApiClient, videoUrl: string): [string | null, () => void] {
  const [missing, setMissing] = useState<string | null>(null);
  const onVideoError = useCallback(() => {
    setMissing(NO_VIDEO);
    api.get(videoUrl, { headers: { Range: 'bytes=0-0' } }).then(
      () => setMissing('This browser cannot play the video of this version.'),
      (error: unknown) =>
        setMissing(error instanceof Error && (error as { status?: number }).status === 404 ? error.message : NO_VIDEO),
    );
  }, [api, videoUrl]);
  return [missing, onVideoError];
}

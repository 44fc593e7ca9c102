import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onFrame(ms)` with the video's time on every animation frame while it plays (and once
 * when it pauses or seeks). The media element's `timeupdate` fires only about four times a second,
 * which makes a playhead jump and a subtitle preview appear up to 250 ms late: not good enough
 * for checking timing by eye. Callers keep React out of the per-frame path (they move a DOM node,
 * or set state only when something visible changes).
 */
export function usePlayingFrames(video: RefObject<HTMLVideoElement | null>, onFrame: (ms: number) => void): void {
  const latest = useRef(onFrame);
  latest.current = onFrame;
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let frame = 0;
    const tick = () => {
      latest.current(element.currentTime * 1000);
      frame = element.paused || element.ended ? 0 : requestAnimationFrame(tick);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      tick();
    };
    const once = () => latest.current(element.currentTime * 1000);
    element.addEventListener('play', start);
    element.addEventListener('playing', start);
    element.addEventListener('pause', once);
    element.addEventListener('seeked', once);
    if (!element.paused) start();
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('play', start);
      element.removeEventListener('playing', start);
      element.removeEventListener('pause', once);
      element.removeEventListener('seeked', once);
    };
  }, [video]);
}

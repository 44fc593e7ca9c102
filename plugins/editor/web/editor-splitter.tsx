import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { DraftStorage } from './model/local-draft';

/** The video's height in % of the window's: between these, in steps of STEP for the arrow keys. */
export const VIDEO_HEIGHT = { min: 15, max: 70, initial: 35, step: 5 } as const;

const KEY = 'polycue.editor.videoHeight';
const clamp = (value: number) => Math.round(Math.min(VIDEO_HEIGHT.max, Math.max(VIDEO_HEIGHT.min, value)));

/** The splitter's position, remembered in this browser (one layout for every subtitle, as in a desktop editor). */
export function useVideoHeight(storage: DraftStorage): [number, (value: number) => void] {
  const [height, setHeight] = useState(() => {
    try {
      const saved = Number(storage.getItem(KEY));
      return saved ? clamp(saved) : VIDEO_HEIGHT.initial;
    } catch {
      return VIDEO_HEIGHT.initial;
    }
  });
  const set = useCallback(
    (value: number) => {
      const next = clamp(value);
      setHeight(next);
      try {
        storage.setItem(KEY, String(next));
      } catch {
        // Storage disabled: this visit keeps it.
      }
    },
    [storage],
  );
  return [height, set];
}

/**
 * The bar between the video and the cue list: drag it, or focus it and press ↑/↓ (Home/End for
 * the smallest and largest video), to trade the video's height for rows of cues. A WAI-ARIA
 * window splitter (role=separator with a value), so screen readers say where it is.
 */
export function EditorSplitter({ value, onChange }: { value: number; onChange(value: number): void }) {
  // Where a drag started (pointer y, value): the video grows by what the pointer moves, as a share of the window.
  const drag = useRef<{ y: number; value: number } | null>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const next = {
      ArrowUp: value - VIDEO_HEIGHT.step,
      ArrowDown: value + VIDEO_HEIGHT.step,
      Home: VIDEO_HEIGHT.min,
      End: VIDEO_HEIGHT.max,
    }[event.key];
    if (next === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    onChange(next);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (drag.current) onChange(drag.current.value + ((event.clientY - drag.current.y) / window.innerHeight) * 100);
  };
  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label="Player and cue list size"
      aria-valuemin={VIDEO_HEIGHT.min}
      aria-valuemax={VIDEO_HEIGHT.max}
      aria-valuenow={value}
      aria-valuetext={`Video ${value}% of the window's height`}
      tabIndex={0}
      className="editor-splitter"
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        drag.current = { y: event.clientY, value };
        event.currentTarget.setPointerCapture(event.pointerId);
        event.preventDefault();
      }}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
    />
  );
}

/**
 * Page side of the projects table bench.
 * - Select-all repaint: from the Ctrl/Cmd+A keydown (or Escape, which clears) to the first
 *   painted frame in which every rendered row shows the new state ("painted" = the task after the
 *   next animation frame).
 * - Scroll to the end: the table's scroller is moved towards the end in equal jumps, one per
 *   animation frame, the last one to the very end; each jump's frame is the time between animation
 *   frames (the idle frames after the end, kept only to check the last row rendered, are not
 *   timed). The bench runs Chromium without the frame-rate limit, so a frame lasts as long as
 *   its work (script, style, layout, paint), not until the next vsync.
 */
declare global {
  interface Window {
    __selectSamples: number[];
    __scrollToEnd(steps: number): Promise<{ frames: number[]; lastRowIndex: number }>;
    __scrollToTop(): Promise<void>;
  }
}

const ROW_SELECTOR = 'tbody tr.data-table-row';

function afterNextPaint(record: () => void): void {
  requestAnimationFrame(() => setTimeout(record, 0));
}

function allRows(selected: boolean): boolean {
  const rows = document.querySelectorAll(ROW_SELECTOR);
  if (rows.length === 0) return false;
  for (const row of rows) if (row.getAttribute('aria-selected') !== String(selected)) return false;
  return true;
}

export function installTableProbes(): void {
  window.__selectSamples = [];
  window.addEventListener(
    'keydown',
    (event) => {
      const selectAll = event.key.toLowerCase() === 'a' && (event.ctrlKey || event.metaKey);
      if (!selectAll && event.key !== 'Escape') return;
      const start = event.timeStamp;
      const wanted = selectAll;
      const check = () => {
        if (allRows(wanted)) afterNextPaint(() => window.__selectSamples.push(performance.now() - start));
        else requestAnimationFrame(check);
      };
      // The table handles the key after this capture listener; look from the next frame on.
      requestAnimationFrame(check);
    },
    { capture: true },
  );

  window.__scrollToEnd = (steps: number) =>
    new Promise((resolve) => {
      const scroller =
        document.querySelector<HTMLElement>('[data-virtuoso-scroller]') ??
        document.querySelector<HTMLElement>('.data-table-container > div');
      if (!scroller) throw new Error('no scroller');
      const frames: number[] = [];
      let step = 0;
      let last = performance.now();
      // Read once: rows have a fixed height, so the list's height does not change while scrolling.
      const end = scroller.scrollHeight - scroller.clientHeight;
      const tick = (now: number) => {
        // Only frames that carry a jump count. Once at the end, scrollTop no longer changes, the
        // frames have nothing to draw and Chromium paces them at its ~60 Hz idle rate (~17 ms,
        // no main-thread work in a trace): they measure the browser's idle timer, not the table.
        if (step >= 1 && step <= steps) frames.push(now - last);
        last = now;
        if (step > steps + 5) {
          const indexes = [...document.querySelectorAll(ROW_SELECTOR)].map((row) =>
            Number(row.getAttribute('data-index')),
          );
          resolve({ frames, lastRowIndex: Math.max(...indexes) });
          return;
        }
        scroller.scrollTop = Math.min(end, (end * (step + 1)) / steps);
        step += 1;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(tick);
      });
    });
}

window.__scrollToTop = () =>
  new Promise((resolve) => {
    const scroller = document.querySelector<HTMLElement>('[data-virtuoso-scroller]');
    if (scroller) scroller.scrollTop = 0;
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)));
  });

/**
 * Page side of the palette bench. For every Ctrl/Cmd+K that opens the palette it records, from
 * the keydown event: `firstPaint`, the first frame painted with items in the list (what a person
 * sees; the figure), and `fullPaint`, the first frame painted with all `expectedItems` (logged).
 * "Painted" = the task after the next animation frame, when that frame has been produced.
 * Installed before the app renders, so this capture listener runs before the palette's own.
 */
export interface OpenSample {
  firstPaint: number;
  fullPaint: number;
}

export const ITEM_SELECTOR = '[cmdk-item]';

declare global {
  interface Window {
    __paletteOpenSamples: OpenSample[];
  }
}

function afterNextPaint(start: number, record: (ms: number) => void): void {
  requestAnimationFrame(() => setTimeout(() => record(performance.now() - start), 0));
}

export function installOpenLatencyProbe(expectedItems: number): void {
  window.__paletteOpenSamples = [];

  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey)) return;
      if (document.querySelector(ITEM_SELECTOR)) return; // this press closes it
      const start = event.timeStamp;
      const sample: Partial<OpenSample> = {};
      const done = () => {
        if (sample.firstPaint !== undefined && sample.fullPaint !== undefined)
          window.__paletteOpenSamples.push(sample as OpenSample);
      };
      let sawFirst = false;
      const check = () => {
        const count = document.querySelectorAll(ITEM_SELECTOR).length;
        if (!sawFirst && count > 0) {
          sawFirst = true;
          afterNextPaint(start, (ms) => ((sample.firstPaint = ms), done()));
        }
        if (count >= expectedItems) {
          observer.disconnect();
          afterNextPaint(start, (ms) => ((sample.fullPaint = ms), done()));
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true });
    },
    { capture: true },
  );
}

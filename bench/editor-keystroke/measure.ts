/**
 * Page side of the editor keystroke bench. For every key pressed in a cue's text box it records,
 * from the keydown event's timestamp: `paint`, the end of the first frame painted after the key
 * changed the box's text (the figure: what a typist sees), and, from Chromium's Event Timing,
 * the keydown's `duration` (input delay + handlers + the next paint, rounded to 8 ms by the
 * browser; logged beside). "Painted" = the task after the next animation frame, when that frame
 * has been produced. Installed before the app renders, so this capture listener runs first.
 */
declare global {
  interface Window {
    __keystrokeSamples: number[];
    __keystrokeEventDurations: number[];
  }
}

export function installKeystrokeProbe(): void {
  window.__keystrokeSamples = [];
  window.__keystrokeEventDurations = [];
  window.addEventListener(
    'keydown',
    (event) => {
      const box = event.target;
      if (!(box instanceof HTMLTextAreaElement) || event.key.length !== 1) return;
      const start = event.timeStamp;
      const before = box.value;
      requestAnimationFrame(() =>
        setTimeout(() => {
          // Only keys that changed the text count (a key the editor took for itself paints nothing here).
          const current = document.activeElement instanceof HTMLTextAreaElement ? document.activeElement.value : '';
          if (current !== before) window.__keystrokeSamples.push(performance.now() - start);
        }, 0),
      );
    },
    { capture: true },
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'keydown') window.__keystrokeEventDurations.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

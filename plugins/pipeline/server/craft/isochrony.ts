/** A cue's time on the video, in milliseconds: a dubbed clip must play inside it. */
export interface CueWindow {
  start: number;
  end: number;
}

/** espeak-ng's `-s`: words per minute, default 175; it accepts 80 to 450. */
export const ESPEAK_DEFAULT_WPM = 175;
export const ESPEAK_MIN_WPM = 80;
export const ESPEAK_MAX_WPM = 450;
/** ffmpeg's atempo keeps quality within 0.5..2; beyond that it is chained. */
const ATEMPO_MIN = 0.5;
const ATEMPO_MAX = 2;
export const CLIP_TOLERANCE_MS = 40;

export const windowMs = (window: CueWindow) => Math.max(0, window.end - window.start);

/**
 * First step: the speaking rate that should bring the clip (measured at `measuredAtWpm`) to
 * about 92 % of its window. Speech length is close to inversely proportional to the rate; the
 * margin absorbs espeak's non-linear pauses so the time-stretch step has little to do.
 * A clip already shorter than its window keeps the natural rate.
 */
export function speechRateFor(window: CueWindow, measuredMs: number, measuredAtWpm = ESPEAK_DEFAULT_WPM): number {
  const target = windowMs(window) * 0.92;
  if (measuredMs <= 0 || target <= 0) return clampRate(measuredAtWpm);
  const wanted = measuredAtWpm * (measuredMs / target);
  return clampRate(Math.max(wanted, Math.min(measuredAtWpm, ESPEAK_DEFAULT_WPM)));
}

function clampRate(wpm: number): number {
  return Math.round(Math.min(ESPEAK_MAX_WPM, Math.max(ESPEAK_MIN_WPM, wpm)));
}

/** atempo factors whose product is `factor`, each within 0.5..2 (2.5 -> [2, 1.25]). */
export function atempoChain(factor: number): number[] {
  if (!Number.isFinite(factor) || factor <= 0) throw new Error(`Invalid tempo factor ${factor}`);
  const chain: number[] = [];
  let rest = factor;
  while (rest > ATEMPO_MAX) {
    chain.push(ATEMPO_MAX);
    rest /= ATEMPO_MAX;
  }
  while (rest < ATEMPO_MIN) {
    chain.push(ATEMPO_MIN);
    rest /= ATEMPO_MIN;
  }
  if (Math.abs(rest - 1) > 1e-6 || chain.length === 0) chain.push(rest);
  return chain;
}

export interface ClipFitPlan {
  windowMs: number;
  /** Speed-up applied to the clip (1 when it already fits: it is padded, never slowed). */
  tempo: number;
  atempo: number[];
  /** Length of the speech after the speed-up. */
  expectedSpeechMs: number;
  /** The ffmpeg audio filter: `atempo=…,apad,atrim=0:T` with T the window in seconds. */
  filter: string;
}

export interface ClipFitOptions {
  /** Room kept before the window's end for atempo's rounding to whole frames. */
  safetyMs?: number;
}

/**
 * Second step, on the clip synthesized at the chosen rate: speeds it up just enough to end
 * `safetyMs` before the window does, then pads with silence and trims to the window, so the
 * clip is exactly as long as its window and its speech is never cut.
 */
export function planClipFit(window: CueWindow, measuredMs: number, options: ClipFitOptions = {}): ClipFitPlan {
  const length = windowMs(window);
  if (length <= 0) throw new Error('A clip window must end after it starts');
  const room = Math.max(length - (options.safetyMs ?? 15), length * 0.5);
  const tempo = measuredMs > room ? measuredMs / room : 1;
  const atempo = tempo === 1 ? [] : atempoChain(tempo);
  const seconds = (length / 1000).toFixed(3);
  const filter = [...atempo.map((factor) => `atempo=${factor.toFixed(6)}`), 'apad', `atrim=0:${seconds}`].join(',');
  return { windowMs: length, tempo, atempo, expectedSpeechMs: measuredMs / tempo, filter };
}

/**
 * Whether a clip ends inside its window: it starts with the window, so it may be shorter, but no
 * longer than the window plus the tolerance (40 ms, one video frame at 25 fps).
 */
export function clipFitsWindow(window: CueWindow, durationMs: number, toleranceMs = CLIP_TOLERANCE_MS): boolean {
  return Number.isFinite(durationMs) && durationMs > 0 && durationMs <= windowMs(window) + toleranceMs;
}

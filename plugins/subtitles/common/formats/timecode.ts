/**
 * Clock times as SRT, WebVTT, SBV and ASS write them ("01:02:03,456", "2:03.4", "0:00:01.00"),
 * read by hand over the string: the SRT reader calls this twice per cue, so no regex and no
 * substring. Formatting uses lookup tables for the same reason.
 */

/** Where the last `readClock` stopped (one past its last character); a module-level out-parameter. */
export let clockEnd = 0;

const COLON = 58;
const COMMA = 44;
const DOT = 46;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Reads `[h…h:]m[m]:s[s][(,|.)f…]` starting at `from` (after optional spaces and tabs), stopping
 * at the first character that cannot continue it. Returns whole milliseconds, or -1 when there is
 * no valid time there. Lenient: one-digit fields, missing hours, 1–n fraction digits, no fraction.
 */
export function readClock(s: string, from: number, to: number): number {
  let i = from;
  let code = i < to ? s.charCodeAt(i) : -1;
  while (code === 32 || code === 9) code = ++i < to ? s.charCodeAt(i) : -1;
  let a = 0;
  let b = 0;
  let c = 0;
  let groups = 0;
  let digits = 0;
  // Up to three colon-separated integer groups.
  for (;;) {
    let value = 0;
    digits = 0;
    while (isDigit(code)) {
      value = value * 10 + (code - 48);
      digits++;
      code = ++i < to ? s.charCodeAt(i) : -1;
    }
    if (digits === 0) return -1;
    if (groups > 0 && digits > 2) return -1;
    a = b;
    b = c;
    c = value;
    groups++;
    if (code !== COLON || groups === 3) break;
    code = ++i < to ? s.charCodeAt(i) : -1;
  }
  if (groups < 2 || c >= 60) return -1;
  const hours = groups === 3 ? a : 0;
  if (groups === 3 && b >= 60) return -1;
  let ms = ((hours * 60 + b) * 60 + c) * 1000;
  if (code === COMMA || code === DOT) {
    const next = i + 1 < to ? s.charCodeAt(i + 1) : -1;
    if (isDigit(next)) {
      i++;
      code = next;
      let fraction = 0;
      digits = 0;
      while (isDigit(code)) {
        if (digits < 6) fraction = fraction * 10 + (code - 48);
        digits++;
        code = ++i < to ? s.charCodeAt(i) : -1;
      }
      if (digits === 3) ms += fraction;
      else if (digits === 2) ms += fraction * 10;
      else if (digits === 1) ms += fraction * 100;
      else ms += Math.round(fraction / 10 ** (Math.min(digits, 6) - 3));
    }
  }
  clockEnd = i;
  return ms;
}

const PAD2: string[] = [];
const PAD3: string[] = [];
for (let n = 0; n < 1000; n++) {
  if (n < 100) PAD2.push(n < 10 ? `0${n}` : `${n}`);
  PAD3.push(n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);
}

/** "HH:MM:SS<sep>mmm" (SRT with ",", WebVTT with "."); hours grow past two digits when needed. */
export function formatClockMs(ms: number, separator: string): string {
  const total = Math.round(ms);
  const hours = Math.floor(total / 3_600_000);
  const rest = total - hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  const seconds = Math.floor((rest - minutes * 60_000) / 1000);
  const millis = rest - minutes * 60_000 - seconds * 1000;
  return `${hours < 100 ? PAD2[hours] : hours}:${PAD2[minutes]}:${PAD2[seconds]}${separator}${PAD3[millis]}`;
}

/** "H:MM:SS.mmm" as YouTube's SBV writes it (hours unpadded). */
export function formatSbvClock(ms: number): string {
  const padded = formatClockMs(ms, '.');
  return padded.charCodeAt(0) === 48 && padded.charCodeAt(2) === COLON ? padded.slice(1) : padded;
}

/** "H:MM:SS.cc" as ASS writes it: centiseconds, rounded to the nearest one. */
export function formatAssClock(ms: number): string {
  const centis = Math.round(ms / 10);
  const hours = Math.floor(centis / 360_000);
  const rest = centis - hours * 360_000;
  const minutes = Math.floor(rest / 6000);
  const seconds = Math.floor((rest - minutes * 6000) / 100);
  const hundredths = rest - minutes * 6000 - seconds * 100;
  return `${hours}:${PAD2[minutes]}:${PAD2[seconds]}.${PAD2[hundredths]}`;
}

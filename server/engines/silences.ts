import { runProcess } from './process-runner';
import { DEFAULT_TIMEOUT_MS, probe, seconds, type MediaCallOptions, type TimeRange } from './media';

/**
 * Where a recording is silent, and the chunks for parallel recognition cut in the middle of those
 * silences so no word is split (the pipeline's speech-to-text step).
 */

export interface SilenceOptions extends MediaCallOptions {
  /** Level under which audio counts as silence. */
  noiseDb?: number;
  minSilenceMs?: number;
}

/** Silent stretches found by ffmpeg's silencedetect, parsed line by line from its log. */
export async function detectSilences(inputPath: string, options: SilenceOptions = {}): Promise<TimeRange[]> {
  const { noiseDb = -35, minSilenceMs = 300 } = options;
  const silences: TimeRange[] = [];
  let openStart: number | null = null;
  await runProcess(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'info',
      '-i',
      inputPath,
      '-vn',
      '-af',
      `silencedetect=noise=${noiseDb}dB:d=${seconds(minSilenceMs)}`,
      '-f',
      'null',
      '-',
    ],
    {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      onStderrLine: (line) => {
        const start = /silence_start: (-?[\d.]+)/.exec(line);
        if (start) openStart = Math.max(0, Math.round(Number(start[1]) * 1000));
        const end = /silence_end: ([\d.]+)/.exec(line);
        if (end && openStart !== null) {
          silences.push({ startMs: openStart, endMs: Math.round(Number(end[1]) * 1000) });
          openStart = null;
        }
      },
    },
  );
  // A silence running to the end of the file has a start and no end line.
  if (openStart !== null) {
    const { durationMs } = await probe(inputPath, options);
    if (durationMs > openStart) silences.push({ startMs: openStart, endMs: durationMs });
  }
  return silences;
}

/**
 * Splits `durationMs` into chunks of about `targetChunkMs`, cutting in the middle of a silence
 * so no word is split. Around each ideal cut it looks between 0.6× and 1.4× the target for the
 * longest silence (the nearest one on ties); with no silence there it cuts hard at the target.
 * A short remainder (under 0.4× the target) joins the last chunk rather than standing alone.
 */
export function planChunks(durationMs: number, silences: readonly TimeRange[], targetChunkMs: number): TimeRange[] {
  if (durationMs <= 0) return [];
  if (targetChunkMs <= 0) throw new RangeError('targetChunkMs must be positive');
  const sorted = [...silences].sort((a, b) => a.startMs - b.startMs);
  const chunks: TimeRange[] = [];
  let start = 0;
  while (durationMs - start > targetChunkMs * 1.4) {
    const ideal = start + targetChunkMs;
    const earliest = start + targetChunkMs * 0.6;
    const latest = start + targetChunkMs * 1.4;
    let best: { cut: number; length: number; distance: number } | null = null;
    for (const silence of sorted) {
      const cut = Math.round((silence.startMs + silence.endMs) / 2);
      if (cut <= earliest || cut >= latest || cut >= durationMs) continue;
      const candidate = { cut, length: silence.endMs - silence.startMs, distance: Math.abs(cut - ideal) };
      if (
        !best ||
        candidate.length > best.length ||
        (candidate.length === best.length && candidate.distance < best.distance)
      ) {
        best = candidate;
      }
    }
    const end = best ? best.cut : Math.round(ideal);
    chunks.push({ startMs: start, endMs: end });
    start = end;
  }
  chunks.push({ startMs: start, endMs: durationMs });
  return chunks;
}

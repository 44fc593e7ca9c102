/** A fitted voice clip and where it plays on the video's timeline, in milliseconds. */
export interface VoiceClip {
  path: string;
  startMs: number;
  durationMs: number;
}

export interface DuckingOptions {
  /** Gain of the original under the voice: 0.2 is about -14 dB. */
  duckGain?: number;
  /** Fade of the original down before a clip and back up after it. */
  fadeMs?: number;
  voiceGain?: number;
  /** Ceiling of the mix (linear); a lookahead limiter keeps every sample under it. */
  limit?: number;
  sampleRate?: number;
}

export interface DuckingInput {
  originalPath: string;
  clips: readonly VoiceClip[];
  outputPath: string;
  options?: DuckingOptions;
  /** Also copy the original's video stream into the output (a dubbed video, not just audio). */
  keepVideo?: boolean;
  /** Codec arguments for the output, e.g. ['-c:a', 'aac', '-b:a', '192k']. */
  outputArgs?: readonly string[];
  /**
   * A long video has thousands of clips and the graph outgrows one command-line argument: give a
   * path, write `filterGraph` there, and the args read it with -filter_complex_script.
   */
  filterScriptPath?: string;
}

const DEFAULTS: Required<DuckingOptions> = {
  duckGain: 0.2,
  fadeMs: 200,
  voiceGain: 1,
  limit: 0.95,
  sampleRate: 48_000,
};

/**
 * Windows in which the original is ducked: clips closer than two fades apart share one window,
 * so the original does not pump up between two sentences.
 */
export function duckingWindows(clips: readonly VoiceClip[], fadeMs: number): { startMs: number; endMs: number }[] {
  const sorted = [...clips].filter((clip) => clip.durationMs > 0).sort((a, b) => a.startMs - b.startMs);
  const windows: { startMs: number; endMs: number }[] = [];
  for (const clip of sorted) {
    const last = windows[windows.length - 1];
    const end = clip.startMs + clip.durationMs;
    if (last && clip.startMs - last.endMs < 2 * fadeMs) last.endMs = Math.max(last.endMs, end);
    else windows.push({ startMs: clip.startMs, endMs: end });
  }
  return windows;
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * The original's gain over time for ffmpeg's volume filter (evaluated per frame): 1 outside the
 * windows, `duckGain` inside, linear ramps of `fadeMs` that end as the voice starts and begin as
 * it ends. Windows never share a ramp, so summing their envelopes is the same as taking the max.
 * Volume automation rather than sidechaincompress: the depth is exact and does not depend on
 * how loud the voice or the original are.
 */
export function duckingVolumeExpression(
  windows: readonly { startMs: number; endMs: number }[],
  duckGain: number,
  fadeMs: number,
): string {
  if (windows.length === 0) return '1';
  const fade = seconds(Math.max(fadeMs, 1));
  const envelopes = windows.map(
    ({ startMs, endMs }) =>
      `clip(min((t-${seconds(startMs - fadeMs)})/${fade},(${seconds(endMs + fadeMs)}-t)/${fade}),0,1)`,
  );
  return `1-${(1 - duckGain).toFixed(4)}*(${envelopes.join('+')})`;
}

/** The -filter_complex graph: input 0 is the original, inputs 1..n the clips; output label [mix]. */
export function duckingFilterGraph(clips: readonly VoiceClip[], options: DuckingOptions = {}): string {
  const settings = { ...DEFAULTS, ...options };
  const format = `aresample=${settings.sampleRate},aformat=sample_fmts=fltp:channel_layouts=stereo`;
  const expression = duckingVolumeExpression(
    duckingWindows(clips, settings.fadeMs),
    settings.duckGain,
    settings.fadeMs,
  );
  const parts = [`[0:a]${format},volume='${expression}':eval=frame[bed]`];
  clips.forEach((clip, index) => {
    const delay = Math.max(0, Math.round(clip.startMs));
    parts.push(`[${index + 1}:a]${format},volume=${settings.voiceGain},adelay=${delay}|${delay}[voice${index}]`);
  });
  const inputs = ['[bed]', ...clips.map((_, index) => `[voice${index}]`)].join('');
  // normalize=0: amix would otherwise divide every input by the input count; the limiter (with
  // its auto-level off) only touches peaks above the ceiling. duration=first: the original's length.
  parts.push(
    `${inputs}amix=inputs=${clips.length + 1}:duration=first:dropout_transition=0:normalize=0,alimiter=limit=${settings.limit}:level=false:latency=true[mix]`,
  );
  return parts.join(';');
}

/** Arguments for ffmpeg (without the binary) and the graph, for writing to filterScriptPath. */
export function duckingArgs(input: DuckingInput): { args: string[]; filterGraph: string } {
  const filterGraph = duckingFilterGraph(input.clips, input.options);
  const args = ['-y', '-i', input.originalPath];
  for (const clip of input.clips) args.push('-i', clip.path);
  if (input.filterScriptPath) args.push('-filter_complex_script', input.filterScriptPath);
  else args.push('-filter_complex', filterGraph);
  if (input.keepVideo) args.push('-map', '0:v?', '-c:v', 'copy');
  args.push('-map', '[mix]', ...(input.outputArgs ?? []), input.outputPath);
  return { args, filterGraph };
}

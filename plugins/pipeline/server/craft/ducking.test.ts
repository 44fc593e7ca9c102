import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { duckingArgs, duckingFilterGraph, duckingVolumeExpression, duckingWindows, type VoiceClip } from './ducking';
import { ffmpeg, meanVolumeDb, probeDurationMs, synthesize } from './media-tools';

/** Evaluates the ffmpeg volume expression at time t (seconds), as ffmpeg would. */
function gainAt(expression: string, t: number): number {
  const clip = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
  return new Function('t', 'clip', 'min', `return ${expression};`)(t, clip, Math.min) as number;
}

const clips: VoiceClip[] = [
  { path: 'a.wav', startMs: 1000, durationMs: 1500 },
  { path: 'b.wav', startMs: 2700, durationMs: 800 },
  { path: 'c.wav', startMs: 6000, durationMs: 1000 },
];

describe('ducking filter', () => {
  it('merges clips closer than two fades into one window', () => {
    expect(duckingWindows(clips, 200)).toEqual([
      { startMs: 1000, endMs: 3500 },
      { startMs: 6000, endMs: 7000 },
    ]);
  });

  it('ducks the original to the chosen depth during voice, with fades outside the clips', () => {
    const expression = duckingVolumeExpression(duckingWindows(clips, 200), 0.25, 200);
    expect(gainAt(expression, 0.5)).toBeCloseTo(1);
    expect(gainAt(expression, 0.9)).toBeCloseTo(0.625);
    expect(gainAt(expression, 1.0)).toBeCloseTo(0.25);
    expect(gainAt(expression, 2.6)).toBeCloseTo(0.25);
    expect(gainAt(expression, 3.6)).toBeCloseTo(0.625);
    expect(gainAt(expression, 4.5)).toBeCloseTo(1);
    expect(gainAt(expression, 6.5)).toBeCloseTo(0.25);
    expect(duckingVolumeExpression([], 0.2, 200)).toBe('1');
  });

  it('delays each clip to its cue and mixes without normalising, under a limiter', () => {
    const graph = duckingFilterGraph(clips, { limit: 0.9 });
    expect(graph.split(';')).toHaveLength(5);
    expect(graph).toContain('[1:a]');
    expect(graph).toContain('adelay=1000|1000[voice0]');
    expect(graph).toContain('adelay=2700|2700[voice1]');
    expect(graph).toContain('adelay=6000|6000[voice2]');
    expect(graph).toMatch(
      /\[bed\]\[voice0\]\[voice1\]\[voice2\]amix=inputs=4:duration=first:dropout_transition=0:normalize=0,alimiter=limit=0\.9:level=false/,
    );
    expect(graph).toMatch(/volume='1-0\.8000\*\(.+\)':eval=frame\[bed\]/);
  });

  it('lists inputs in clip order and can read the graph from a script file', () => {
    const { args } = duckingArgs({
      originalPath: 'in.mp4',
      clips,
      outputPath: 'out.mp4',
      keepVideo: true,
      filterScriptPath: 'graph.txt',
      outputArgs: ['-c:a', 'aac'],
    });
    expect(args).toEqual([
      '-y',
      '-i',
      'in.mp4',
      '-i',
      'a.wav',
      '-i',
      'b.wav',
      '-i',
      'c.wav',
      '-filter_complex_script',
      'graph.txt',
      '-map',
      '0:v?',
      '-c:v',
      'copy',
      '-map',
      '[mix]',
      '-c:a',
      'aac',
      'out.mp4',
    ]);
  });
});

describe('ducking real audio with ffmpeg', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'polycue-ducking-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the original quieter under the voice, keeps the voice audible and never clips', async () => {
    // The original is a 15 kHz tone: espeak-ng speaks at 22.05 kHz, so nothing of the voice is
    // above 11 kHz and a high-pass hears the original alone.
    const original = path.join(dir, 'original.wav');
    await ffmpeg([
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=15000:sample_rate=48000:duration=8',
      '-af',
      'volume=6',
      original,
    ]);
    const voices: VoiceClip[] = [];
    for (const [index, [text, startMs]] of (
      [
        ['Welcome back to the programme.', 1500],
        ['Here is the weather.', 5000],
      ] as const
    ).entries()) {
      const file = path.join(dir, `voice${index}.wav`);
      await synthesize(text, file);
      voices.push({ path: file, startMs, durationMs: await probeDurationMs(file) });
    }
    const output = path.join(dir, 'mixed.wav');
    const scriptPath = path.join(dir, 'graph.txt');
    const { args, filterGraph } = duckingArgs({
      originalPath: original,
      clips: voices,
      outputPath: output,
      filterScriptPath: scriptPath,
      options: { duckGain: 0.2, fadeMs: 150, voiceGain: 2.5 },
    });
    writeFileSync(scriptPath, filterGraph);
    await ffmpeg(args);

    expect(Math.abs((await probeDurationMs(output)) - 8000)).toBeLessThan(50);
    const highPass = 'highpass=f=13000,highpass=f=13000,highpass=f=13000';
    const lowPass = 'lowpass=f=4000,lowpass=f=4000';
    for (const voice of voices) {
      const inside = [voice.startMs + 100, voice.startMs + voice.durationMs - 100] as const;
      const before = [voice.startMs - 1200, voice.startMs - 300] as const;
      const bedInside = await meanVolumeDb(output, ...inside, highPass);
      const bedBefore = await meanVolumeDb(output, ...before, highPass);
      // 0.2 is -14 dB: allow for the filters' edges.
      expect(bedBefore.mean - bedInside.mean).toBeGreaterThan(11);
      const speechInside = await meanVolumeDb(output, ...inside, lowPass);
      const speechBefore = await meanVolumeDb(output, ...before, lowPass);
      expect(speechInside.mean - speechBefore.mean).toBeGreaterThan(20);
    }
    const whole = await meanVolumeDb(output, 0, 8000);
    expect(whole.max).toBeLessThanOrEqual(20 * Math.log10(0.95) + 0.1);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { atempoChain, clipFitsWindow, planClipFit, speechRateFor } from './isochrony';
import { ffmpeg, probeDurationMs, synthesize } from './media-tools';

describe('speechRateFor', () => {
  it('speeds espeak up in proportion to how much the clip overruns its window', () => {
    expect(speechRateFor({ start: 0, end: 2000 }, 3680)).toBe(350);
    expect(speechRateFor({ start: 10_000, end: 11_000 }, 1380, 175)).toBe(263);
  });

  it('keeps the natural rate for a clip that already fits and stays within 80..450', () => {
    expect(speechRateFor({ start: 0, end: 5000 }, 1200)).toBe(175);
    expect(speechRateFor({ start: 0, end: 500 }, 6000)).toBe(450);
    expect(speechRateFor({ start: 0, end: 5000 }, 1200, 60)).toBe(80);
  });
});

describe('atempoChain', () => {
  it('chains factors outside 0.5..2 and keeps their product', () => {
    expect(atempoChain(1.3)).toEqual([1.3]);
    expect(atempoChain(2.5)).toEqual([2, 1.25]);
    expect(atempoChain(5)).toEqual([2, 2, 1.25]);
    expect(atempoChain(0.2)).toEqual([0.5, 0.5, 0.8]);
    expect(atempoChain(4)).toEqual([2, 2]);
    expect(() => atempoChain(0)).toThrow();
  });
});

describe('planClipFit', () => {
  it('pads and trims a clip that fits, without changing its tempo', () => {
    const plan = planClipFit({ start: 1000, end: 3500 }, 1800);
    expect(plan.tempo).toBe(1);
    expect(plan.filter).toBe('apad,atrim=0:2.500');
  });

  it('speeds up an overlong clip to end just before the window does', () => {
    const plan = planClipFit({ start: 0, end: 1000 }, 2955);
    expect(plan.atempo).toHaveLength(2);
    expect(plan.atempo[0]).toBe(2);
    expect(plan.expectedSpeechMs).toBeLessThanOrEqual(1000 - 15 + 1e-9);
    expect(plan.filter).toMatch(/^atempo=2\.000000,atempo=1\.5\d+,apad,atrim=0:1\.000$/);
  });

  it('refuses an empty window', () => {
    expect(() => planClipFit({ start: 100, end: 100 }, 500)).toThrow();
  });
});

describe('clipFitsWindow', () => {
  it('accepts a clip ending inside its window or within 40 ms after it', () => {
    const window = { start: 5000, end: 7000 };
    expect(clipFitsWindow(window, 1500)).toBe(true);
    expect(clipFitsWindow(window, 2040)).toBe(true);
    expect(clipFitsWindow(window, 2041)).toBe(false);
    expect(clipFitsWindow(window, 2100, 100)).toBe(true);
    expect(clipFitsWindow(window, 0)).toBe(false);
  });
});

describe('fitting real espeak-ng speech', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'polycue-isochrony-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['en', 'The committee will announce its decision about the new bridge next Thursday morning.', 2600],
    ['es', 'Hola.', 1500],
    ['fr', 'Nous avons parlé pendant des heures de tout ce qui nous était arrivé cet été-là.', 1200],
  ])('fits a %s sentence into its window without cutting its speech', async (voice, text, length) => {
    const window = { start: 0, end: length };
    const natural = path.join(dir, `${voice}-natural.wav`);
    await synthesize(text, natural, { voice });
    const wpm = speechRateFor(window, await probeDurationMs(natural));
    const paced = path.join(dir, `${voice}-paced.wav`);
    await synthesize(text, paced, { voice, wpm });
    const plan = planClipFit(window, await probeDurationMs(paced));

    const stretched = path.join(dir, `${voice}-stretched.wav`);
    const fitted = path.join(dir, `${voice}-fitted.wav`);
    const tempoOnly = plan.atempo.map((factor) => `atempo=${factor}`).join(',') || 'anull';
    await ffmpeg(['-y', '-i', paced, '-af', tempoOnly, stretched]);
    await ffmpeg(['-y', '-i', paced, '-af', plan.filter, fitted]);
    // The speech itself ends inside the window, and the padded clip is the window's length.
    expect(clipFitsWindow(window, await probeDurationMs(stretched))).toBe(true);
    const fittedMs = await probeDurationMs(fitted);
    expect(clipFitsWindow(window, fittedMs)).toBe(true);
    expect(Math.abs(fittedMs - length)).toBeLessThanOrEqual(40);
  });
});

import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { runProcess, WorkLimit, type Storage } from '../../../server/plugin-api';
import { themeAssScript, type Frame } from '../common/theme-ass-style';
import type { ThemeStyle } from '../common/themes-contract';

/** The preview fits in 960×540: large enough to judge a font at 1080p halved, small enough to render in a tenth of a second. */
const BOX: Frame = { width: 960, height: 540 };
/** Frames of videos kept in memory (PNG, up to about 1 MB each), so typing in the dialog re-renders without touching the video. */
const FRAMES_KEPT = 12;
/** Renders at once; more wait their turn (the dialog asks again at most a few times a second). */
const RENDERS_AT_ONCE = 2;
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
/**
 * Without a video: a diagonal gradient from a dark blue-grey to a light sand colour, fixed (seed
 * 1), so a theme's contrast shows against both dark and bright pictures, as on real footage.
 */
const PATTERN = `gradients=s=${BOX.width}x${BOX.height}:c0=0x1d2b38:c1=0xd9d2c3:x0=0:y0=0:x1=${BOX.width}:y1=${BOX.height}:seed=1:d=1`;

export interface PreviewSource {
  storageKey: string;
  durationMs: number;
}

/** A PNG's width and height (IHDR, bytes 16–23). */
const pngSize = (png: Buffer): Frame => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/**
 * Renders a theme's sample subtitle onto a frame with ffmpeg's `ass` filter (libass), the same
 * renderer the burn-in export uses: what the dialog shows is what the video will get.
 */
export class ThemePreviewRenderer {
  private readonly frames = new Map<string, Promise<Buffer | null>>();
  private readonly limit = new WorkLimit(RENDERS_AT_ONCE);

  constructor(private readonly storage: Storage) {}

  /** A JPEG; `background` says whether the video's frame was used or the pattern (no video, or ffmpeg could not read it). */
  async render(
    style: ThemeStyle,
    text: string,
    source: PreviewSource | null,
  ): Promise<{ jpeg: Buffer; background: 'video' | 'pattern' }> {
    const frame = source ? await this.frameOf(source) : null;
    return this.limit.run(async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'polycue-theme-'));
      try {
        const input = frame ? ['-i', 'frame.png'] : ['-f', 'lavfi', '-i', PATTERN];
        if (frame) await writeFile(path.join(dir, 'frame.png'), frame);
        await writeFile(path.join(dir, 'preview.ass'), themeAssScript(style, frame ? pngSize(frame) : BOX, text));
        // Bare file names with cwd = dir: the filter's argument needs no escaping.
        await runProcess(
          'ffmpeg',
          [
            ...QUIET,
            ...input,
            '-vf',
            'ass=preview.ass',
            '-frames:v',
            '1',
            '-q:v',
            '3',
            '-f',
            'image2',
            '-c:v',
            'mjpeg',
            'preview.jpg',
          ],
          { cwd: dir, timeoutMs: 15_000 },
        );
        return { jpeg: await readFile(path.join(dir, 'preview.jpg')), background: frame ? 'video' : 'pattern' };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  /** The video's frame a third of the way in (at most 10 s), fitted into the box; null when ffmpeg cannot take one. Kept per stored file. */
  private frameOf(source: PreviewSource): Promise<Buffer | null> {
    let frame = this.frames.get(source.storageKey);
    if (!frame) {
      frame = this.grab(source).catch(() => null);
      this.frames.set(source.storageKey, frame);
      if (this.frames.size > FRAMES_KEPT) this.frames.delete(this.frames.keys().next().value!);
    }
    return frame;
  }

  private async grab(source: PreviewSource): Promise<Buffer | null> {
    const stored = await this.storage.get(source.storageKey);
    if (!stored) return null;
    const dir = await mkdtemp(path.join(tmpdir(), 'polycue-theme-frame-'));
    try {
      // ffmpeg seeks in a file, not in a stream whose index may sit at its end: a local copy first.
      await pipeline(stored.stream, createWriteStream(path.join(dir, 'source')));
      const at = Math.min(10_000, Math.floor(source.durationMs / 3)) / 1000;
      const fit = `scale=w=${BOX.width}:h=${BOX.height}:force_original_aspect_ratio=decrease:force_divisible_by=2`;
      await runProcess(
        'ffmpeg',
        [...QUIET, '-ss', at.toFixed(3), '-i', 'source', '-frames:v', '1', '-vf', fit, 'frame.png'],
        { cwd: dir, timeoutMs: 60_000 },
      );
      return await readFile(path.join(dir, 'frame.png'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

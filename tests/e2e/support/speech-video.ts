import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What the generated videos say: two short sentences the embedded engines recognise and translate. */
export const SPEECH_SENTENCE = 'The house is big. The cat is black.';
const MEDIA_DIR = path.join(os.tmpdir(), `polycue-e2e-speech-${process.pid}`);

/** A test-pattern video whose sound is espeak-ng saying SPEECH_SENTENCE (with half a second of silence after it). */
export function speechVideo(name: string): string {
  mkdirSync(MEDIA_DIR, { recursive: true });
  const file = path.join(MEDIA_DIR, name);
  if (existsSync(file)) return file;
  const wav = path.join(MEDIA_DIR, 'speech.wav');
  execFileSync('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', wav, SPEECH_SENTENCE]);
  const seconds =
    Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav], {
        encoding: 'utf8',
      }).trim(),
    ) + 0.5;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds.toFixed(2)}:size=320x240:rate=25`,
    '-i',
    wav,
    '-af',
    'apad',
    '-shortest',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    file,
  ]);
  return file;
}

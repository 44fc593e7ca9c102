import { spawn } from 'node:child_process';
import { probe, soundingAudioStream, type Storage } from '../../../server/plugin-api';
import { MediaDerivatives, type MediaDerivative } from './media-derivatives';
import { decodePyramid, encodePyramid, PeakAccumulator, pyramidOf, type WaveformPyramid } from './waveform-pyramid';

/** 8 kHz is plenty for peaks (what the eye sees is the envelope) and decodes fast. */
const SAMPLE_RATE = 8000;
/** A 2-hour film's pyramid is about 2.9 MB: a few dozen films open at once fit. */
const MEMORY_BYTES = 96 * 1024 * 1024;
/** A film is decoded in well under this; a hung ffmpeg never blocks the queue. */
const DECODE_TIMEOUT_MS = 30 * 60 * 1000;

/** The waveform: a pyramid of peaks under `waveforms/<hash>.bin` (format v1, the key the first version of this store used). */
export const WAVEFORM_DERIVATIVE: MediaDerivative = {
  folder: 'waveforms',
  extension: '.bin',
  contentType: 'application/octet-stream',
  format: 'v1',
  make: async (file) => encodePyramid(await peaksOfFile(file)),
};

/**
 * The peaks of stored media, made once in the background (MediaDerivatives) and decoded for the
 * windows asked: `peaks()` answers null while they are made.
 */
export class WaveformStore {
  private readonly derivatives: MediaDerivatives;

  constructor(storage: Storage) {
    this.derivatives = new MediaDerivatives(storage, WAVEFORM_DERIVATIVE, MEMORY_BYTES);
  }

  /** The pyramid when it is made; null while it is being made (started here if nobody has). */
  async peaks(mediaKey: string): Promise<WaveformPyramid | null> {
    return this.derivatives.get(mediaKey, decodePyramid);
  }
}

/**
 * Decodes the first audio stream to mono 8 kHz 16-bit PCM and folds it into peaks as it comes
 * out of ffmpeg. Media without audio, or that ffmpeg cannot read, gets an empty pyramid (the
 * editor then draws no waveform): the file will not read better next time.
 */
export async function peaksOfFile(file: string): Promise<WaveformPyramid> {
  const info = await probe(file).catch(() => null);
  if (!info?.hasAudio) return pyramidOf(new Int8Array(0), 0);
  const accumulator = new PeakAccumulator(SAMPLE_RATE);
  // The track that was transcribed (with a silent first track the waveform would be flat), on the
  // video's clock: silence first when the sound starts late, as in the pipeline's audio.
  const track = await soundingAudioStream(file, { info }).catch(() => 0);
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-i',
        file,
        '-map',
        `0:a:${track}`,
        '-af',
        'aresample=async=1:first_pts=0',
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        '-f',
        's16le',
        '-c:a',
        'pcm_s16le',
        'pipe:1',
      ],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), DECODE_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => accumulator.push(chunk));
    child.on('error', () => resolve(false));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
  if (!ok) return pyramidOf(new Int8Array(0), 0);
  return accumulator.finish();
}
